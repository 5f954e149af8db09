import Testing

/// One request-signature vector of docs/wire/signature.md#request-signature-vectors with its string to sign from
/// docs/wire/signature.md#strings-to-sign.
struct RequestSignatureVector: Sendable, CustomTestStringConvertible {
    let id: String
    let keys: KeySet
    let method: String
    /// The FQDN line as signed.
    let host: String
    /// The path line as signed.
    let path: String
    /// The query as sent; for POST vectors it is sent but not signed.
    let rawQuery: String?
    let timestamp: String
    let signature: String
    /// Whether the client sorts by key (JS order) rather than by whole pair.
    let sortedByKey: Bool
    let stringToSign: String

    var testDescription: String { id }
}

/// The key sets of docs/wire/signature.md#key-sets.
struct KeySet: Sendable {
    let applicationKey: String
    let clientKey: String

    /// K1, from the NCMB documentation.
    static let documented = KeySet(
        applicationKey: "6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56",
        clientKey: "1343d198b510a0315db1c03f3aa0e32418b7a743f8e4b47cbff670601345cf75")
    /// K2, from ncmb_js's test configuration.
    static let javaScriptTests = KeySet(applicationKey: "apikey", clientKey: "clientkey")
    /// K3, arbitrary test keys.
    static let arbitrary = KeySet(applicationKey: "appkey", clientKey: "clientkey")
}

extension RequestSignatureVector {
    /// R1–R18 and R20–R29.
    static let all: [RequestSignatureVector] = [
        RequestSignatureVector(
            id: "R1", keys: .documented, method: "GET", host: "mbaas.api.nifcloud.com", path: "/2013-09-01/classes/TestClass",
            rawQuery: "where=%7B%22testKey%22%3A%22testValue%22%7D", timestamp: "2013-12-02T02:44:35.452Z",
            signature: "AltGkQgXurEV7u0qMd+87ud7BKuueldoCjaMgVc9Bes=", sortedByKey: false,
            stringToSign: #"""
                GET
                mbaas.api.nifcloud.com
                /2013-09-01/classes/TestClass
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z&where=%7B%22testKey%22%3A%22testValue%22%7D
                """#),
        RequestSignatureVector(
            id: "R2", keys: .documented, method: "GET", host: "mb.api.cloud.nifty.com", path: "/2013-09-01/classes/TestClass",
            rawQuery: "where=%7B%22testKey%22%3A%22testValue%22%7D", timestamp: "2013-12-02T02:44:35.452Z",
            signature: "/mQAJJfMHx2XN9mPZ9bDWR9VIeftZ97ntzDIRw0MQ4M=", sortedByKey: false,
            stringToSign: #"""
                GET
                mb.api.cloud.nifty.com
                /2013-09-01/classes/TestClass
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z&where=%7B%22testKey%22%3A%22testValue%22%7D
                """#),
        RequestSignatureVector(
            id: "R3", keys: .documented, method: "POST", host: "mbaas.api.nifcloud.com", path: "/2013-09-01/classes/TestClass",
            rawQuery: nil, timestamp: "2013-12-02T02:44:35.452Z",
            signature: "C9VyDhtcFDKrMidT0wVmMJ3fKYXBRcIm8y1XtNMnGvI=", sortedByKey: false,
            stringToSign: #"""
                POST
                mbaas.api.nifcloud.com
                /2013-09-01/classes/TestClass
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z
                """#),
        RequestSignatureVector(
            id: "R4", keys: .documented, method: "GET", host: "mbaas.api.nifcloud.com", path: "/2013-09-01/classes/TestClass",
            rawQuery: "count=1&limit=0&where=%7B%22testKey%22%3A%22testValue%22%7D", timestamp: "2013-12-02T02:44:35.452Z",
            signature: "ftLRIL3GHO3U0P7APsS4HUPoETqO+kpxrUorLOw9aCc=", sortedByKey: false,
            stringToSign: #"""
                GET
                mbaas.api.nifcloud.com
                /2013-09-01/classes/TestClass
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z&count=1&limit=0&where=%7B%22testKey%22%3A%22testValue%22%7D
                """#),
        RequestSignatureVector(
            id: "R5", keys: .documented, method: "DELETE", host: "mbaas.api.nifcloud.com", path: "/2013-09-01/classes/TestClass/abc",
            rawQuery: nil, timestamp: "2013-12-02T02:44:35.452Z",
            signature: "TJVCEoV8Bgsqjrm0A8VBVeZTPZ2T1VTsM7ezgtrVu3I=", sortedByKey: false,
            stringToSign: #"""
                DELETE
                mbaas.api.nifcloud.com
                /2013-09-01/classes/TestClass/abc
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z
                """#),
        RequestSignatureVector(
            id: "R6", keys: .documented, method: "GET", host: "localhost", path: "/2013-09-01/classes/TestClass",
            rawQuery: "where=%7B%22testKey%22%3A%22testValue%22%7D", timestamp: "2013-12-02T02:44:35.452Z",
            signature: "SIDya0rxdRlMxHWnIjLWETFKqBxx6Oi04cT7Xxd3DII=", sortedByKey: false,
            stringToSign: #"""
                GET
                localhost
                /2013-09-01/classes/TestClass
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z&where=%7B%22testKey%22%3A%22testValue%22%7D
                """#),
        RequestSignatureVector(
            id: "R7", keys: .documented, method: "GET", host: "script.mbaas.api.nifcloud.com", path: "/2015-09-01/script/hello.js",
            rawQuery: "name=tarou", timestamp: "2013-12-02T02:44:35.452Z",
            signature: "QsrKhVXy5x3dJOHiiAWsLLwvWl22aDjLK0Eq3q1jqxo=", sortedByKey: false,
            stringToSign: #"""
                GET
                script.mbaas.api.nifcloud.com
                /2015-09-01/script/hello.js
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z&name=tarou
                """#),
        RequestSignatureVector(
            id: "R8", keys: .documented, method: "GET", host: "mbaas.api.nifcloud.com", path: "/2013-09-01/classes/TestClass/",
            rawQuery: "where=%7B%22testKey%22%3A%22testValue%22%7D", timestamp: "2013-12-02T02:44:35.452Z",
            signature: "DzavgYIkOR15b2BhESvqIx9KuAsm7vOPedfMcm3j0ak=", sortedByKey: false,
            stringToSign: #"""
                GET
                mbaas.api.nifcloud.com
                /2013-09-01/classes/TestClass/
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z&where=%7B%22testKey%22%3A%22testValue%22%7D
                """#),
        RequestSignatureVector(
            id: "R9", keys: .documented, method: "GET", host: "mbaas.api.nifcloud.com", path: "/2013-09-01/login/",
            rawQuery: "password=pa%20ss%3Aw%2Frd&userName=Yamada%20Tarou", timestamp: "2024-01-02T03:04:05.123456",
            signature: "h12IWYQVgbPpTIBYb5RWdJbk7H1SmxxmJrgF52bRpWk=", sortedByKey: false,
            stringToSign: #"""
                GET
                mbaas.api.nifcloud.com
                /2013-09-01/login/
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2024-01-02T03:04:05.123456&password=pa%20ss%3Aw%2Frd&userName=Yamada%20Tarou
                """#),
        RequestSignatureVector(
            id: "R10", keys: .documented, method: "POST", host: "mbaas.api.nifcloud.com", path: "/2013-09-01/classes/TestClass/",
            rawQuery: nil, timestamp: "2024-01-02T03:04:05.123456",
            signature: "Wphg3rRrwQKYRuN3T9GdgFDM7vzgN4ChNaQ1bC+/PJY=", sortedByKey: false,
            stringToSign: #"""
                POST
                mbaas.api.nifcloud.com
                /2013-09-01/classes/TestClass/
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2024-01-02T03:04:05.123456
                """#),
        RequestSignatureVector(
            id: "R11", keys: .javaScriptTests, method: "GET", host: "localhost", path: "/2013-09-01/classes/food",
            rawQuery: "where=%7B%22objectId%22%3A%22acl_object_id%22%7D", timestamp: "2026-11-22T04:14:29.561Z",
            signature: "E7+bYax02FMUaCYg7uUvezm5zmND8XL7PB8Aa3z4Evs=", sortedByKey: false,
            stringToSign: #"""
                GET
                localhost
                /2013-09-01/classes/food
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=apikey&X-NCMB-Timestamp=2026-11-22T04:14:29.561Z&where=%7B%22objectId%22%3A%22acl_object_id%22%7D
                """#),
        RequestSignatureVector(
            id: "R12", keys: .javaScriptTests, method: "GET", host: "localhost", path: "/2013-09-01/users",
            rawQuery:
                "where=%7B%22%24relatedTo%22%3A%7B%22object%22%3A%7B%22__type%22%3A%22Pointer%22%2C%22className%22%3A%22role%22%2C%22objectId%22%3A%22adduser_objectId%22%7D%2C%22key%22%3A%22belongUser%22%7D%7D",
            timestamp: "2026-11-22T04:14:41.211Z",
            signature: "Sh9LRtWrqu1r6EICJr85UROimBZK73+126PGpH0WNGI=", sortedByKey: false,
            stringToSign: #"""
                GET
                localhost
                /2013-09-01/users
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=apikey&X-NCMB-Timestamp=2026-11-22T04:14:41.211Z&where=%7B%22%24relatedTo%22%3A%7B%22object%22%3A%7B%22__type%22%3A%22Pointer%22%2C%22className%22%3A%22role%22%2C%22objectId%22%3A%22adduser_objectId%22%7D%2C%22key%22%3A%22belongUser%22%7D%7D
                """#),
        RequestSignatureVector(
            id: "R13", keys: .javaScriptTests, method: "DELETE", host: "localhost", path: "/2013-09-01/classes/food/object_id",
            rawQuery: nil, timestamp: "2026-11-22T04:14:29.724Z",
            signature: "+srgQlDWZ+580P+jRn57tfSbgOkmse4/LL+T3I/pqu8=", sortedByKey: false,
            stringToSign: #"""
                DELETE
                localhost
                /2013-09-01/classes/food/object_id
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=apikey&X-NCMB-Timestamp=2026-11-22T04:14:29.724Z
                """#),
        RequestSignatureVector(
            id: "R14", keys: .javaScriptTests, method: "POST", host: "localhost", path: "/2013-09-01/login",
            rawQuery: nil, timestamp: "2026-11-22T04:14:31.092Z",
            signature: "HFxtHSlt1hhScIiiyNPX+msug4M6UkNh22/WdmSfeXs=", sortedByKey: false,
            stringToSign: #"""
                POST
                localhost
                /2013-09-01/login
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=apikey&X-NCMB-Timestamp=2026-11-22T04:14:31.092Z
                """#),
        RequestSignatureVector(
            id: "R15", keys: .javaScriptTests, method: "POST", host: "localhost", path: "/2015-09-01/script/execPostWithQuery.js",
            rawQuery: "testQuery=testQueryValue", timestamp: "2026-11-22T04:14:41.679Z",
            signature: "g4p8f+C63p1NaXq5ZZIQJA6oRpkk916OvpaMaXU0q6Q=", sortedByKey: false,
            stringToSign: #"""
                POST
                localhost
                /2015-09-01/script/execPostWithQuery.js
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=apikey&X-NCMB-Timestamp=2026-11-22T04:14:41.679Z
                """#),
        RequestSignatureVector(
            id: "R16", keys: .javaScriptTests, method: "GET", host: "localhost", path: "/2015-09-01/script/execGetWithQuery.js",
            rawQuery: "testQuery=testQueryValue", timestamp: "2026-11-22T04:14:41.672Z",
            signature: "3gIBMCUloAiP6sq/UgAibhd9IHfce8OU82TqGY3Saw0=", sortedByKey: false,
            stringToSign: #"""
                GET
                localhost
                /2015-09-01/script/execGetWithQuery.js
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=apikey&X-NCMB-Timestamp=2026-11-22T04:14:41.672Z&testQuery=testQueryValue
                """#),
        RequestSignatureVector(
            id: "R17", keys: .javaScriptTests, method: "POST", host: "localhost", path: "/2013-09-01/users",
            rawQuery: nil, timestamp: "2017-11-16T09:56:28.373Z",
            signature: "1sX40Jja1mD4whk4Pj15CzxKXgY+/fCiH9lh7CjK8Vk=", sortedByKey: false,
            stringToSign: #"""
                POST
                localhost
                /2013-09-01/users
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=apikey&X-NCMB-Timestamp=2017-11-16T09:56:28.373Z
                """#),
        RequestSignatureVector(
            id: "R18", keys: .arbitrary, method: "GET", host: "127.0.0.1", path: "/2013-09-01/classes/SwiftAcceptC499C6EB",
            rawQuery: "where=%7B%22number%22:%7B%22$gt%22:42%7D,%22message%22:%7B%22$regex%22:%22%5EHel%22%7D%7D",
            timestamp: "2026-11-22T04:21:19.231Z",
            signature: "F2wAyqer3tEBfdwhI//XoH0SpOW2/VNsCBMGmnlyI/o=", sortedByKey: false,
            stringToSign: #"""
                GET
                127.0.0.1
                /2013-09-01/classes/SwiftAcceptC499C6EB
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=appkey&X-NCMB-Timestamp=2026-11-22T04:21:19.231Z&where=%7B%22number%22:%7B%22$gt%22:42%7D,%22message%22:%7B%22$regex%22:%22%5EHel%22%7D%7D
                """#),
        RequestSignatureVector(
            id: "R20", keys: .documented, method: "GET", host: "localhost:8080", path: "/2013-09-01/classes/TestClass",
            rawQuery: "where=%7B%22testKey%22%3A%22testValue%22%7D", timestamp: "2013-12-02T02:44:35.452Z",
            signature: "OSgm/b/kfUo6089pMTBhm/nCWc47xVG2KortGH4Hc38=", sortedByKey: false,
            stringToSign: #"""
                GET
                localhost:8080
                /2013-09-01/classes/TestClass
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z&where=%7B%22testKey%22%3A%22testValue%22%7D
                """#),
        RequestSignatureVector(
            id: "R21", keys: .documented, method: "GET", host: "mbaas.api.nifcloud.com", path: "/2013-09-01/classes/TestClass",
            rawQuery: "where=%7B%22testKey%22:%22testValue%22%7D", timestamp: "2013-12-02T02:44:35.452Z",
            signature: "xpwnTGExktAncJkGJk0SkJQMmij5fzZKSS+T4+ZPBYk=", sortedByKey: false,
            stringToSign: #"""
                GET
                mbaas.api.nifcloud.com
                /2013-09-01/classes/TestClass
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z&where=%7B%22testKey%22:%22testValue%22%7D
                """#),
        RequestSignatureVector(
            id: "R22", keys: .documented, method: "GET", host: "mbaas.api.nifcloud.com", path: "/2013-09-01/classes/TestClass",
            rawQuery: "where=%7B%22testKey%22%3A%22testValue%22%7D", timestamp: "2013-12-02T02%3A44%3A35.452Z",
            signature: "0Vp064aHt1++unDH+j37zO7uGmvQWFNzsAP6ag+uG5U=", sortedByKey: false,
            stringToSign: #"""
                GET
                mbaas.api.nifcloud.com
                /2013-09-01/classes/TestClass
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02%3A44%3A35.452Z&where=%7B%22testKey%22%3A%22testValue%22%7D
                """#),
        RequestSignatureVector(
            id: "R23", keys: .documented, method: "GET", host: "mbaas.api.nifcloud.com", path: "/2013-09-01/files/日本 語.txt",
            rawQuery: nil, timestamp: "2013-12-02T02:44:35.452Z",
            signature: "qZp5yITyEy0uYQYajwiP8tSEvQtvTeVA+no1XMD78bs=", sortedByKey: false,
            stringToSign: #"""
                GET
                mbaas.api.nifcloud.com
                /2013-09-01/files/日本 語.txt
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z
                """#),
        RequestSignatureVector(
            id: "R24", keys: .documented, method: "GET", host: "mbaas.api.nifcloud.com",
            path: "/2013-09-01/files/%E6%97%A5%E6%9C%AC%20%E8%AA%9E.txt",
            rawQuery: nil, timestamp: "2013-12-02T02:44:35.452Z",
            signature: "q6p8scYI9clMytZpu/qo92s5+tSt0IFJT15Z4UJ3/Vg=", sortedByKey: false,
            stringToSign: #"""
                GET
                mbaas.api.nifcloud.com
                /2013-09-01/files/%E6%97%A5%E6%9C%AC%20%E8%AA%9E.txt
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z
                """#),
        RequestSignatureVector(
            id: "R25", keys: .documented, method: "GET", host: "script.mbaas.api.nifcloud.com", path: "/2015-09-01/script/hello.js",
            rawQuery: "a=1&a1=2", timestamp: "2013-12-02T02:44:35.452Z",
            signature: "Lh5kbi0itNNOlxKe5AYlqqC157vxT6m6Kw8eMZaCh/Q=", sortedByKey: false,
            stringToSign: #"""
                GET
                script.mbaas.api.nifcloud.com
                /2015-09-01/script/hello.js
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z&a1=2&a=1
                """#),
        RequestSignatureVector(
            id: "R26", keys: .documented, method: "GET", host: "script.mbaas.api.nifcloud.com", path: "/2015-09-01/script/hello.js",
            rawQuery: "a=1&a1=2", timestamp: "2013-12-02T02:44:35.452Z",
            signature: "aMVHEp9Qkw6+Sn76uNkPAOBz3/wf838+xnk85yHTZM8=", sortedByKey: true,
            stringToSign: #"""
                GET
                script.mbaas.api.nifcloud.com
                /2015-09-01/script/hello.js
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z&a=1&a1=2
                """#),
        RequestSignatureVector(
            id: "R27", keys: .documented, method: "GET", host: "127.0.0.1:8080", path: "/2013-09-01/classes/X",
            rawQuery: "limit=5&where=%7B%22a%22%3A1%2C%20%22b%22%3A%22x%20y/z%22%7D", timestamp: "2024-01-02T03:04:05.123456",
            signature: "cb5IEckJ6SPhD74Op6jH6hHRVsJXfQenUjh2T1NNcE8=", sortedByKey: false,
            stringToSign: #"""
                GET
                127.0.0.1:8080
                /2013-09-01/classes/X
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2024-01-02T03:04:05.123456&limit=5&where=%7B%22a%22%3A1%2C%20%22b%22%3A%22x%20y/z%22%7D
                """#),
        RequestSignatureVector(
            id: "R28", keys: .documented, method: "POST", host: "script.mbaas.api.nifcloud.com", path: "/2015-09-01/script/hello.js",
            rawQuery: "name=tarou", timestamp: "2013-12-02T02:44:35.452Z",
            signature: "HztsP+AkQIIIJ0ZOCx+GdDLfk83JDDD8x9ZNFI41EGY=", sortedByKey: false,
            stringToSign: #"""
                POST
                script.mbaas.api.nifcloud.com
                /2015-09-01/script/hello.js
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z
                """#),
        RequestSignatureVector(
            id: "R29", keys: .documented, method: "GET", host: "mbaas.api.nifcloud.com", path: "/2013-09-01/files/abc.bin",
            rawQuery: nil, timestamp: "2013-12-02T02:44:35.452Z",
            signature: "wkooyWKKd9gvGnqQuQkCrZ4nKStk5AVj+k6kAXbixKY=", sortedByKey: false,
            stringToSign: #"""
                GET
                mbaas.api.nifcloud.com
                /2013-09-01/files/abc.bin
                SignatureMethod=HmacSHA256&SignatureVersion=2&X-NCMB-Application-Key=6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56&X-NCMB-Timestamp=2013-12-02T02:44:35.452Z
                """#),
    ]

    /// The vector with the given id.
    static func named(_ id: String) -> RequestSignatureVector {
        all.first { $0.id == id } ?? all[0]
    }
}
