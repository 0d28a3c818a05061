@testable import BundleModel
import Foundation
import Testing

/// `BothCores.run`: both halves' results, each in its place; a failure of either half is
/// its own result; many callers at once (Swift Testing runs tests on the cooperative
/// pool, which the other half must not wait behind) all finish; work begun with `begin`.
@Suite struct BothCoresTests {
    struct Failed: Error, Equatable { var half: String }

    @Test func bothResultsComeBackInTheirPlaces() {
        let (here, other) = BothCores.run({ (0..<1_000).reduce(0, +) }, alongside: { (0..<10).map { "\($0)" } })
        #expect(here == 499_500)
        #expect(other == (0..<10).map { "\($0)" })
    }

    @Test func eachHalfFailsOnItsOwn() {
        let (here, other) = BothCores.run({ () throws(Failed) -> Int in throw Failed(half: "here") },
                                          alongside: { () throws(Failed) -> Int in 7 })
        #expect(throws: Failed(half: "here")) { try here.get() }
        #expect((try? other.get()) == 7)
        let (mine, theirs) = BothCores.run({ () throws(Failed) -> Int in 1 },
                                           alongside: { () throws(Failed) -> Int in throw Failed(half: "other") })
        #expect((try? mine.get()) == 1)
        #expect(throws: Failed(half: "other")) { try theirs.get() }
    }

    /// Work to run after the other half: the call returns with both halves' results while
    /// it still runs (here it waits for the test), and it runs once.
    @Test func workAfterTheOtherHalfOutlastsTheCall() {
        let gate = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let (here, other) = BothCores.run({ 1 }, alongside: { 2 }, then: {
            _ = gate.wait(timeout: .now() + 10)
            done.signal()
        })
        #expect(here == 1 && other == 2)
        #expect(done.wait(timeout: .now()) == .timedOut, "returned before the work after it ended")
        gate.signal()
        #expect(done.wait(timeout: .now() + 10) == .success)
    }

    @Test func manyCallersAtOnceAllFinish() async {
        let sums = await withTaskGroup(of: Int.self) { group in
            for k in 0..<16 {
                group.addTask {
                    let (a, b) = BothCores.run({ k * 2 }, alongside: { BothCores.run({ k }, alongside: { k }).0 })
                    return a + b
                }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(sums.sorted() == (0..<16).map { $0 * 3 })
    }

    /// A thread that finished its half runs the next one: fifty calls in turn start at
    /// most a few threads (other tests may hold some at the same time), not fifty.
    @Test func finishedThreadsAreReused() {
        let before = Worker.threadsStarted
        for k in 0..<50 {
            let (a, b) = BothCores.run({ k }, alongside: { k + 1 })
            #expect(a + 1 == b)
        }
        #expect(Worker.threadsStarted - before < 25)
    }

    /// `begin` returns at once; `wait` returns only when the work has ended, and again at
    /// once after that, from any number of threads.
    @Test func begunWorkIsWaitedFor() {
        let box = Box()
        let gate = DispatchSemaphore(value: 0)
        let started = BothCores.begin {
            gate.wait()
            box.set(42)
        }
        #expect(box.get() == nil, "begin does not wait for the work")
        gate.signal()
        started.wait()
        #expect(box.get() == 42)
        let (a, b) = BothCores.run({ started.wait(); return 1 }, alongside: { started.wait(); return 2 })
        #expect(a + b == 3)
    }

    private final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Int?
        func set(_ v: Int) { lock.withLock { value = v } }
        func get() -> Int? { lock.withLock { value } }
    }
}
