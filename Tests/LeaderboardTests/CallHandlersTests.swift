// The table of each call's rule (CallHandlers), which the server's routes and the game's local
// board both answer from: every rule is a declared call, once, found with its types; what the
// table leaves out is only what needs HTTP (the server's own routes).
import ScoresAPI
import Testing
@testable import Leaderboard

@Suite struct CallHandlersTests {
    @Test func everyRuleIsADeclaredCallOnce() {
        let names = CallHandlers.all.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(Set(names).isSubset(of: Set(APICalls.all.map(\.name))))
    }

    @Test func theTableLeavesOutOnlyWhatNeedsHTTP() {
        let left = Set(APICalls.all.map(\.name)).subtracting(CallHandlers.all.map(\.name))
        let own: Set = [APICalls.erase.declaration.name, APICalls.addKey.declaration.name, APICalls.removeKey.declaration.name,
                        APICalls.watchList.declaration.name]
        #expect(left == own)
    }

    @Test func aRuleIsFoundWithTheTypesOfItsCall() {
        #expect(CallHandlers.handler(for: APICalls.top)?.call.declaration.name == "top")
        #expect(CallHandlers.handler(for: APICalls.runwayVote)?.call.declaration.name == "runwayVote")
        #expect(CallHandlers.handler(for: APICalls.erase) == nil)
    }
}
