import KumoServer
import Testing

/// ``ThreadSizing`` reads the CPUs a process may run on, so that `taskset` or a cpuset sizes the event loops.
@Suite struct ThreadSizingTests {
    @Test(arguments: [("0", 1), ("0-1", 2), ("0,2-3,8", 4), (" 1-3 ", 3), ("5", 1)])
    func countsTheCPUsOfALinuxList(list: String, expected: Int) {
        #expect(ThreadSizing.cpuCount(ofList: Substring(list)) == expected)
    }

    @Test(arguments: ["", "a", "3-1", "0-", "1-2-3", ","])
    func refusesAListThatDoesNotParse(list: String) {
        #expect(ThreadSizing.cpuCount(ofList: Substring(list)) == nil)
    }

    #if os(Linux)
    @Test func readsTheAffinityOfThisProcess() throws {
        let count = try #require(ThreadSizing.allowedCPUCount())
        #expect(count >= 1)
    }
    #endif
}
