@testable import BundleModel
import Foundation
import Testing

/// `OnceCache`: a key's value is made once however many threads ask at once, every asker
/// gets that value, and a key being made does not hold up the others.
@Suite struct OnceCacheTests {
    @Test func manyAskersAtOnceGetOneValue() async {
        let cache = OnceCache<Int, [Int]>()
        let results = await withTaskGroup(of: [Int].self) { group in
            for k in 0..<32 {
                group.addTask {
                    cache.value(k % 4) {
                        Thread.sleep(forTimeInterval: 0.002)
                        return Array(0...(k % 4))
                    }
                }
            }
            return await group.reduce(into: [[Int]]()) { $0.append($1) }
        }
        #expect(cache.made == 4)
        #expect(results.count == 32)
        #expect(results.allSatisfy { $0 == Array(0...($0.count - 1)) })
        #expect(Set(results.map(\.count)) == [1, 2, 3, 4])
    }

    @Test func anotherKeyIsMadeWhileOneIsBeingMade() {
        let cache = OnceCache<String, Bool>()
        let answered = DispatchSemaphore(value: 0)
        // "slow" is made only once "quick" was answered on the other thread: were the cache
        // to hold its lock while making, "quick" would wait for "slow", and "slow" would
        // give up after 5 s and record false.
        let (slow, quick) = BothCores.run({ cache.value("slow") { answered.wait(timeout: .now() + 5) == .success } },
                                          alongside: { () -> Bool in
            let deadline = Date().addingTimeInterval(5)
            while !cache.isMaking("slow"), Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
            let value = cache.value("quick") { true }
            answered.signal()
            return value
        })
        #expect(quick)
        #expect(slow, "the second key waited for the first")
        #expect(cache.value("slow") { false })
        #expect(cache.made == 2)
    }
}
