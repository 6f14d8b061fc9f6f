// The Lab's current catalogue can be met: for each template, the best recipe the calibration's
// attacker found (`plume bench lab-calibrate`, the search the template's scales were set from)
// scores above 500, on another day's seeds, on the hardest level's goals.
import GameState
import PlumeCalendar
import Testing
@testable import Challenges

@Suite struct LabWitnessTests {
    /// Each template of catalogue 2 and its calibration's best recipe.
    static let witnesses: [(template: String, link: String)] = [
        ("Travelling vortex", "plume://swarm/1IXE1AnkV3UhayieQ8TaUqeLA6pGLnTZBNMktFQJOVM1qTVEsyS3hAk_YziBNUSzJLeECT9jOIE1RK7MtFK0P2M4hBTErsy0UrQ_YziEFMPJ8FszyVFsqDNUQpis"),
        ("Spinning cover", "plume://swarm/1IWFOEGzkdwXyMs56cU4QbR6iRfJJSnpxTl1NHqJGr0gUcaDtxL1yokXyR0544Up0nrLE5OSXSYUhQqNQAA4NYKQUAIGBChgHIGwWSaMC4HkI"),
        ("Aligned cover", "plume://swarm/1IWEnOv0CokXtSUuCcR5dSfSiRe1OIHpyzl1MUKJGrUgUwQEeSa2olGXtR0544VZJraiUZeTHTnjhG9sgAUztZkLGAACr2ycNeEygld4AIHS8"),
        ("Calm comet", "plume://swarm/1IUDrXSqS3YJtK-QEYOdTAADTkXI6MgPA51MAAMjxbzoyK3DmZdAA3dKUrBBb8AKWMNcc15QSHORgrik"),
        ("Calm cover", "plume://swarm/1IdAqPMSfiSunTiEg4ExvM_wi5Zs3tlQATG8z_PUgHx8gdCA1JNQ6AAuBEMoCUsxtMroJbQe8_BTCDG01IgltB7z8FMHMbTK6CW0HvPwWIAObcZqWbtOrukxgA5txmpZu06u6TGAC6OP4j4CVowD1IAVtcmxsJdqlCw0gBW1z-Gwl2qULDSC6XfjaBuAIHEQDsLpd-NoG4AgcRAOw_wI"),
        ("Spinning sort", "plume://swarm/1ISFGugQwWsFZOes64UGaRQbvoSgtRJCRQ2mfdSXvJc4gwgDuwA"),
        ("Sorted cover", "plume://swarm/1ITJDzYZGEvCSRYjxgkQBia4bpgw_N2ISgjLra3zAlDA8yLJAUL4n2S2azKQiwIkF"),
        ("Tight spin", "plume://swarm/1IROS6HJFsjLsAAAZYEBtAAAAAhk3r3PAq4Y"),
        ("Whole cover", "plume://swarm/1IWFtT2-gwsXtuW580e5dRsDQya00lhjhCclPoNrk3hEq_KFj2yGbMmugmPAAsQqnQRGu65-TlOghDfggrYUN4cLGAAFiqVzeL7ZWxpatkK3r"),
        ("Three spinning crowds", "plume://swarm/1ISDez9WS8DkyIxgs0Zq0nKbnaQ0RUC0irAOvoCDiIgmesABqhA"),
        ("Turning flock", "plume://swarm/1ISEnMpA_RyAvtwYMoYcQLQ6y-Fe0ZHmRxvO-fp74V5p4MpC7Dg"),
        ("Spread comet", "plume://swarm/1IbBuaot66qAwyah5Edbx_EX0CGlOILjh1vH8RfQIaU4guOBeXUqr32hpTiESIF3iGN2_KGhIFGIgbgXtEwTnrUdOeMB2Be0SokAtTiB40StNv6Dsa2OzA4XgjLcfoOxuY6l_hVB0sTABeE1gld4AIKtb0zmvr-gV3gAgrCNUCyPv6ZkKAMDrQg"),
    ]

    /// A day of catalogue 2 that is not the calibration's (its seeds are new to the witnesses).
    static let day = UTCDay.days(year: 2027, month: 3, day: 14)

    @Test func everyTemplateHasAWitness() {
        let names = Set(LabRules.versions.last!.briefs.map { $0.name.components(separatedBy: " · ")[0].split(separator: " ").dropLast().joined(separator: " ") })
        #expect(Set(Self.witnesses.map(\.template)) == names)
    }

    @Test(arguments: witnesses.indices) func theHardestLevelCanBeMetAboveFiveHundred(_ index: Int) throws {
        let (template, link) = Self.witnesses[index]
        guard case .swarm(let witness) = try ShareCode.decode(link.dropFirst("plume://swarm/".count)) else { Issue.record("\(template): not a swarm"); return }
        let seeds = SwarmContest.lab(day: Self.day).seeds
        // Level III's scales under the template's own rules (what the witness was found under; a
        // rule of the pool that cuts its ingredients, agents or speed needs a search of its own).
        let hardest = try #require(LabCatalogue.calibration(stretch: LabCatalogue.measuredLevels[2].reach).first { $0.name == template })
        #expect(book.check(witness, brief: hardest) == nil)
        let own = book.labScore(witness, brief: hardest, seeds: seeds, threads: 2).score
        #expect(own > 500, "\(template) III: \(own)")
    }
}
