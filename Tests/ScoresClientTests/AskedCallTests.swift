// The game's one command for any declared call: what it is about (reads by their path's values,
// changes one at a time per path, a vote by its ticket), that it compares as the values it holds,
// and that its input and reply come back typed by the same declaration.
import ScoresAPI
import Testing

@Suite struct AskedCallTests {
    @Test func readsAreAboutTheirPathAndChangesShareTheirPath() {
        #expect(ScoresCommand.top(board: "a").key != ScoresCommand.top(board: "b").key)
        #expect(ScoresCommand.top(board: "a").key == ScoresCommand.top(board: "a").key)
        // Reading the keys, adding one and removing one go one at a time.
        let keys = ScoresCommand.ask(APICalls.keys).key
        #expect(ScoresCommand.ask(APICalls.addKey, body: AddKeyRequest(publicKey: "ssh-ed25519 A")).key == keys)
        #expect(ScoresCommand.ask(APICalls.removeKey, query: [QueryValue(.fingerprint, "SHA256:x")]).key == keys)
        // Following and stopping, whoever it is about, are one change at a time.
        #expect(ScoresCommand.follow(.id("p1")).key == ScoresCommand.unfollow(playerID: "p2").key)
        #expect(ScoresCommand.following.key != ScoresCommand.follow(.id("p1")).key)
        // Two votes may be on their way at once: each is about its ticket.
        let vote = { (ticket: String) in
            ScoresCommand.ask(APICalls.runwayVote, body: RunwayVoteRequest(ticket: ticket, choice: .left), about: ticket).key
        }
        #expect(vote("t1") != vote("t2"))
        // The player waits on reads, not on changes, unless asked otherwise.
        #expect(ScoresCommand.top(board: "a").key.isRead && !ScoresCommand.changeSettings(PlayerSettings(watchable: true)).key.isRead)
        #expect(!ScoresCommand.ask(APICalls.settings, awaited: false).key.isRead)
    }

    @Test func aCallComparesAsItsValues() {
        #expect(ScoresCommand.top(board: "a") == .top(board: "a"))
        #expect(ScoresCommand.top(board: "a") != .top(board: "b"))
        #expect(ScoresCommand.donate(cause: "reef", points: 9) != .donate(cause: "reef", points: 8))
        #expect(ScoresCommand.player(playerID: "p") != .ask(APICalls.publicProfile, path: [.player: "p"]), "asked as anyone, or not")
    }

    @Test func theInputAndTheReplyComeBackTypedByTheDeclaration() {
        let command = ScoresCommand.donate(cause: "reef", points: 9)
        #expect(command.asked(APICalls.donate)?.body == DonationRequest(causeID: "reef", points: 9))
        #expect(command.asked(APICalls.submit) == nil)
        guard case .call(let asked) = command else { Issue.record("not a declared call"); return }
        let result = DonationResult(causeID: "reef", points: 9, pointsGiven: 9, pointsAvailable: 891, causeTotal: 19)
        let event = ScoresEvent.replied(Replied(asked, result))
        #expect(event.reply(to: APICalls.donate) == result)
        #expect(event.reply(to: APICalls.causes) == nil)
        #expect(event.answers == command.key)
    }
}
