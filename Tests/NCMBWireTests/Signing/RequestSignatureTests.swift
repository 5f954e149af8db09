import NCMBWire
import Testing

@Suite struct RequestSignatureTests {
    func signature(of vector: RequestSignatureVector) -> String {
        RequestSignature.signature(
            method: vector.method, host: vector.host, path: vector.path, rawQuery: vector.rawQuery,
            applicationKey: vector.keys.applicationKey, clientKey: vector.keys.clientKey, timestamp: vector.timestamp)
    }

    func stringToSign(of vector: RequestSignatureVector) -> String {
        RequestSignature.stringToSign(
            method: vector.method, host: vector.host, path: vector.path,
            queryPairs: RequestSignature.signedQueryPairs(method: vector.method, rawQuery: vector.rawQuery),
            applicationKey: vector.keys.applicationKey, timestamp: vector.timestamp, sortedByKey: vector.sortedByKey)
    }

    // MARK: Tests

    @Test(arguments: RequestSignatureVector.all)
    func buildsTheStringToSignOfEveryVectorByteForByte(vector: RequestSignatureVector) {
        let text = stringToSign(of: vector)

        #expect(Array(text.utf8) == Array(vector.stringToSign.utf8))
    }

    @Test(arguments: RequestSignatureVector.all)
    func signsTheStringToSignOfEveryVector(vector: RequestSignatureVector) {
        let signature = RequestSignature.signature(stringToSign: vector.stringToSign, clientKey: vector.keys.clientKey)

        #expect(signature == vector.signature)
    }

    @Test(arguments: RequestSignatureVector.all.filter { !$0.sortedByKey })
    func signsEveryRequestVectorFromItsParts(vector: RequestSignatureVector) {
        #expect(signature(of: vector) == vector.signature)
    }

    @Test func signsTheDocumentedExampleWithATypedMethod() {
        let signature = RequestSignature.signature(
            method: .get, host: "mbaas.api.nifcloud.com", path: "/2013-09-01/classes/TestClass",
            rawQuery: "where=%7B%22testKey%22%3A%22testValue%22%7D", applicationKey: KeySet.documented.applicationKey,
            clientKey: KeySet.documented.clientKey, timestamp: "2013-12-02T02:44:35.452Z")

        #expect(signature == "AltGkQgXurEV7u0qMd+87ud7BKuueldoCjaMgVc9Bes=")
    }

    @Test func leavesTheQueryOfAPostOutOfTheSignature() {
        let pairs = RequestSignature.signedQueryPairs(method: "POST", rawQuery: "name=tarou")

        #expect(pairs.isEmpty)
    }

    @Test func dropsEmptyQuerySegmentsAndKeepsValuesAsSent() {
        let pairs = RequestSignature.signedQueryPairs(method: "GET", rawQuery: "&a=1+2&&b=%7B:%7D&")

        #expect(pairs == ["a=1+2", "b=%7B:%7D"])
    }

    @Test func sortsWholePairsByBytesAndPairsByKeyStably() {
        let pairs = ["b=2", "a=1", "a1=3", "a=0"]

        #expect(
            RequestSignature.stringToSign(method: "GET", host: "h", path: "/p", queryPairs: pairs, applicationKey: "k", timestamp: "t")
                .hasSuffix("X-NCMB-Timestamp=t&a1=3&a=0&a=1&b=2"))
        #expect(
            RequestSignature.stringToSign(
                method: "GET", host: "h", path: "/p", queryPairs: pairs, applicationKey: "k", timestamp: "t", sortedByKey: true
            )
            .hasSuffix("X-NCMB-Timestamp=t&a=1&a=0&a1=3&b=2"))
    }
}
