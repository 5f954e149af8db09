import KumoS3
import Testing

@Suite struct S3LocationTests {
    @Test func aCustomEndpointUsesPathStyle() throws {
        let location = try S3Location(url: "s3://files/kumo/prod", endpoint: "http://127.0.0.1:8333", region: "us-east-1")
        #expect(location.bucket == "files")
        #expect(location.prefix == "kumo/prod/")
        #expect(location.pathStyle)
        #expect(location.hostHeader == "127.0.0.1:8333")
        #expect(location.canonicalPath(key: location.key("app/0123")) == "/files/kumo/prod/app/0123")
        #expect(location.url(path: location.bucketPath, encodedQuery: "list-type=2") == "http://127.0.0.1:8333/files?list-type=2")
    }

    @Test func awsUsesVirtualHostedStyleOnTheRegionsEndpoint() throws {
        let location = try S3Location(url: "s3://my-bucket", endpoint: nil, region: "ap-northeast-1")
        #expect(location.prefix == "")
        #expect(!location.pathStyle)
        #expect(location.hostHeader == "my-bucket.s3.ap-northeast-1.amazonaws.com")
        #expect(location.canonicalPath(key: "a b") == "/a%20b")
        #expect(location.bucketPath == "/")
    }

    @Test func pathStyleCanBeForced() throws {
        let location = try S3Location(url: "s3://my-bucket/", endpoint: nil, region: "us-east-1", pathStyle: true)
        #expect(location.hostHeader == "s3.us-east-1.amazonaws.com")
        #expect(location.prefix == "")
    }

    @Test(arguments: [
        "https://bucket", "s3://", "s3://ab", "s3://Upper", "s3://-start", "s3://end-", "s3://under_score",
        "s3://\(String(repeating: "a", count: 64))",
    ])
    func invalidLocationsAreRefusedWithTheValue(_ url: String) {
        #expect(throws: S3Location.Invalid.self) { try S3Location(url: url, endpoint: nil, region: "us-east-1") }
    }

    @Test(arguments: ["ftp://host", "http://", "http://host/path", "http://host?x=1", "not a url"])
    func invalidEndpointsAreRefused(_ endpoint: String) {
        #expect(throws: S3Location.Invalid.self) { try S3Location(url: "s3://bucket", endpoint: endpoint, region: "us-east-1") }
    }

    @Test func anInvalidRegionIsRefused() {
        #expect(throws: S3Location.Invalid.self) { try S3Location(url: "s3://bucket", endpoint: nil, region: "us east/1") }
    }
}

@Suite struct S3XMLTests {
    @Test func valuesAndElementsAreFoundInOrderWithEntitiesDecoded() {
        let document: Substring = """
            <?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>true</IsTruncated>\
            <Contents><Key>a/1&amp;2</Key><LastModified>2026-12-07T05:36:31.000Z</LastModified><Size>5</Size></Contents>\
            <Contents><Key>a/&#x41;&lt;</Key><Size>7</Size></Contents><NextContinuationToken>tok</NextContinuationToken></ListBucketResult>
            """
        #expect(S3XML.values("Key", in: document) == ["a/1&2", "a/A<"])
        #expect(S3XML.value("NextContinuationToken", in: document) == "tok")
        let elements = S3XML.elements("Contents", in: document)
        #expect(elements.count == 2)
        #expect(S3XML.value("Size", in: elements[1]) == "7")
        #expect(S3XML.value("LastModified", in: elements[1]) == nil)
        #expect(S3XML.value("Missing", in: document) == nil)
    }

    @Test func anUnterminatedElementIsIgnored() {
        #expect(S3XML.values("Key", in: "<Key>a</Key><Key>b") == ["a"])
        #expect(S3XML.values("Key", in: "<Key>a &bogus b</Key>") == ["a &bogus b"])
    }

    @Test func escapingCoversTheMarkupCharacters() {
        #expect(S3XML.escape("\"a&b<c>\"") == "\"a&amp;b&lt;c&gt;\"")
    }
}
