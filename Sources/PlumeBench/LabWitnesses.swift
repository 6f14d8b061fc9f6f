// The calibration's witnesses: for each template of the Lab's current catalogue, the best recipe
// `plume bench lab-calibrate` found for it (the search its scales were set from), and, for each rule
// of the pool that cuts a template's reach (`LabTemplate.byRule`), the best a search held to that
// rule found. `plume bench lab-calibrate --from-witnesses` starts its rule searches from these,
// and the tests hold that each scores above 500 on the hardest level of its briefs.
import GameState

public enum LabWitnesses {
    /// Each template of catalogue 2 and its calibration's best recipe, as a link.
    public static let templates: [(template: String, link: String)] = [
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

    /// Each (template, rule) whose reach the rule cuts (`LabTemplate.byRule`): the rule's words
    /// and the best recipe its search found (the readings its bests are).
    public static let byRule: [(template: String, rule: String, link: String)] = [
        ("Travelling vortex", "at most 2 ingredients", "plume://swarm/1IRGaB4ctH-IWLYBhgZp4z5ircFBOHMmQIqs"),
        ("Travelling vortex", "Vm at most 10 in every ingredient", "plume://swarm/1IXE1AnkUfQhayieQ8Fb5y2p4KpGLnTZBNMktFH0OVM1qTVEsyS1QfQ_YziBNcJzJLeB9D9jOIE1RK7MudnwhmM4hBTErsy0UfQ_YziCdMPJ8FhZ9FFsODuzg03g"),
        ("Travelling vortex", "R at most 80 in every ingredient", "plume://swarm/1IUEx9AniwOqXhhc2QTH0DhNLbBTNajVRKfQOqwJP2Mc8TECp9A28rQ_Yjg7M0DH0CXnFVRM--1gAYlA"),
        ("Aligned cover", "at most 150 agents", "plume://swarm/1IWCPOv0CokXtSUuCcI5dSfSiRe1OIHpxbl1MUKJGrUgUwQCOSa2olGXtR0544KZJraiUZeTHTnjgi9sgAUztZkLGAABT2ycNeEygld4AIEP3"),
        ("Aligned cover", "at most 200 agents", "plume://swarm/1IWCnOv0CokXtSUuCcKZdSfSiRe1OIHpx7l1MUKJGrUgUwQCmSa2olGXtR0544U5JraiUZeTHTnjgo9sgAUztZkLGAABb2ycNeEygld4AIC3g"),
        ("Aligned cover", "R at most 80 in every ingredient", "plume://swarm/1IWGh9A0CokXtSUuCcRn0CfSiRe1OIHpyyfQMUKJGrUgUwQEZ9A2olGXtR0544MH0DaiUZeTHTnjhGfQAAUztZkLGAACp9AcNeEygld4AINeC"),
        ("Spinning cover", "exactly 4 species", "plume://swarm/1ITJuwRzkScoyMppC8m4QaZZOSG7OIGHyXhBus4pH7c4gUmFOEG8myiZySUuK4N5O"),
        ("Spinning cover", "at most 150 agents", "plume://swarm/1IWCmEGzkdwXyMs56cKYQbR6iRfJJSnpwpl1NHqJGr0gUcaB1xL1yokXyR0544KKs76DE5OSXSYUgoqNQAAANYKQUAIDpChgHIGwWSaMC4CzL"),
        ("Spinning cover", "at most 200 agents", "plume://swarm/1IWDmEGzkdwXyL-564OYQbR6lhfJLZnpw5sFNHqJGr0gUcaCdZN1yokXyOKR44OJ0nrLE5OOXSYUg2qNQAA4NYKQUAAEZChgHIG9WSaMC4HVg"),
        ("Spinning cover", "R at most 80 in every ingredient", "plume://swarm/1IWFJ9AzkdwXyMs56cUn0DR6iRfJJSnpxSfQNHqJGr0gUcaDp9A1yokXyR0544Un0DrLE5OSXSYUhQfQAAA4NYKQUAID5ChgHIGwWSaMC4L7T"),
        ("Calm cover", "at most 150 agents", "plume://swarm/1IfACPMSfKcuhziEg4ARvM_wi6xs3tlQAA06T_PUgHx8gdCAE_PQ6AAhBEMoCURxtMAAJbQfKYhTBDG0wAAltB8piFMB0gFUiCW0HziAUwHSAVSIJbQfOIBTAdIBVIgltB8bmFMBkbTK6CWCHvPxOEGRtMuoJYAe8_E4QA5txmpZy06u6TGADH_Ga7a7Tq7pMYAMf8ZrtrtamekxgAujj-I-AlaMA9SAFbXJsbCXemE6tIOR_"),
        ("Calm cover", "at most 200 agents", "plume://swarm/1IdAaPMSfiSunTiEg4CxvM_wPZZs3tlQALG8z_PUgHx8gdCAdJNQ6AAuBEMoCUeRtMroJbQe8_BTBXG01IgltB7z8FMEsbTK6CW0HvPwWIAObcZqWbtOrukxgA5txmpZu06u6TGAC6OP4j4CVowD1IAVtcmxsJdqlCw0gBW1z-Gwl2qULDSB6XfjaBuAIHEQDsHpd-NoG4AgcRAOwDuI"),
        ("Calm comet", "at most 2 ingredients", "plume://swarm/1IRRM5TKXJLkWFIIbk-yFUzWKSqfBFCNQtmY"),
        ("Calm comet", "exactly 2 species", "plume://swarm/1IRMVvFNlnUfjwyYEEAY5Q3V1JmiODvXAE7o"),
        ("Calm comet", "R at most 80 in every ingredient", "plume://swarm/1IUDp9AqTFiJtBjoV4KH0ADjTj-6-FgNBEfQAAOExbz9WK3DZ9AAA3dejrBBb8AH0ACEh95QODw2g8vc"),
        ("Spinning sort", "at most 2 ingredients", "plume://swarm/1IRGaB4ctH-IWLYBhgZp4z5ircFBOHMmQIqs"),
        ("Spinning sort", "Vm at most 15 in every ingredient", "plume://swarm/1IRHNXWvgDkctgmbUsm5fVhC5A2AYdrTwLaI"),
        ("Spinning sort", "R at most 80 in every ingredient", "plume://swarm/1ISFB9AQwW-FZAIs6kUGaRMTvoSUtRJCRQfQPdSXvJc4gwgDrGQ"),
        ("Sorted cover", "at most 150 agents", "plume://swarm/1ITEbzYZGEvASRYjxgRwBia4bpgw_N2IRSjLra3zAlDA8yLEYUL4n2S2azKQiwKMJ"),
        ("Sorted cover", "at most 200 agents", "plume://swarm/1ITF7zYZGEvASRYjxgXwBia4bpgw_N2IRujLra3zAlDA8yLF4UL4n2S2azKQiwKqL"),
        ("Whole cover", "at most 150 agents", "plume://swarm/1IWEE7i-gwsXtqdptQa5dRLrQyO00lhjgVmJfoGvk348lHKBzBfGbMmugnVgAsAKnQRGu65-SMOggpfggrYUN4cLGAAByqVzeL7ZURpZVwAhn"),
        ("Whole cover", "at most 200 agents", "plume://swarm/1IWDtT26Er0XtuW580V1dpsDUCa62sijgqclPoNrk3hEq5KDre0GbMmuhGPAAsKqnQRGu65-TlOggrfggrYUN4cLGAADqqVzeL7ZWxpatkFCC"),
        ("Whole cover", "R at most 80 in every ingredient", "plume://swarm/1IWFp9A-gwsXtuW59Qen0B5bQya00lgDhCbPfoNrk3w8k5KFh9AGbMmugmPAAsQn0ARGu7N-TlOghCfQArYUN4cLGAAFh9AzeL7ZWxpatkJth"),
        ("Turning flock", "R at most 80 in every ingredient", "plume://swarm/1ISFh8GyQ5_jZMYQBkgDib6A4bnAggjKQYfQG126Spa-eGyAilw"),
        ("Spread comet", "at most 150 agents", "plume://swarm/1IdAGaot7EuAyTiBgwl7x_H16CGtOILjgfvH8RfQOZ84gAOAGOnkxZmZoziACIAXiGN2_LuFOIGIgBgXtEwTnrUwIeMBmBe0TBOetTAh4wDFjL6DsZ6OzA4XgBLcfoOilo6l_hVCctx-hP-GjqX-FUEy3H6E_4aOpf4VQBLEwAXhNYJXeAAADW9M5r6_lld4AIAQjVAsj9CmZCjjwg6o"),
        ("Spread comet", "at most 200 agents", "plume://swarm/1IdA2aot7EcAwgIp5EVbx_H2NiGlOIKjg_vH8RfQIaU4ggOAuXUqr32hpTiESIC3iGN2_KGFIFGIgNgXtEwTnrUdOeMA-Be1QokAtTiB40JtNv6Dsa6OzA4XAm02_oOxrY7MDheBMtx-g7G5jqX-FUDyxMAF4TWCV3gAgU1vTOa-0KBXeACBUI1QLI-_pmQoY8FQjVAsj7-mZChjwra8"),
        ("Spread comet", "Vm at most 10 in every ingredient", "plume://swarm/1IbBeaot6fQAwgIp5El7x_ER9CGlOILjhnvH9Gn0IaU4gmOBOXUqqfQhpTiESIE3iGNx9CGhIFGIgXgXtEn0HrUdOeMBmBe0SfQAtTiB40YtNv6B9C2OzA4XgfLcfoH0OY6l_hVBksTAAfQ1gld4AIItb0zh9D-gV3gAgjCNUCn0P6ZkKAGBqyw"),
        ("Spread comet", "R at most 80 in every ingredient", "plume://swarm/1IbBh9At66qAySahhEiH0DEXgiGlOILjhyfQMRfQIaU4guOBR9Aqr32hpTiESIFH0CN2_KGjIFGIgYfQNEwTnrUVIeMBp9A0SokAtTiCQ0SH0D6Dsa2OzA4XgidhfoOxuY6l_lVBp9ACVeE1gld4AIKH0BJevr-gV3gAAofQECyPv6ZkKAMAXEg"),
    ]

    /// The template's witness, by name.
    public static func template(_ name: String) -> String? { templates.first { $0.template == name }?.link }

    /// The swarm a witness's link carries (nil for a link that is not a swarm's).
    public static func recipe(_ link: String) -> SwarmRecipe? {
        guard let code = link.split(separator: "/").last, case .swarm(let recipe)? = try? ShareCode.decode(code) else { return nil }
        return recipe
    }
}
