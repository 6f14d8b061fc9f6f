// The calibration's witnesses: for each template of the Lab's current catalogue, the best recipe
// `plume bench lab-calibrate` found for it (the search its scales were set from), and, for each rule
// of the pool that cuts a template's reach (`LabTemplate.byRule`), the best a search held to that
// rule found. `plume bench lab-calibrate --from-witnesses` starts its rule searches from these,
// and the tests hold that each scores above 500 on the hardest level of its briefs.
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

    /// The template's witness, by name.
    public static func template(_ name: String) -> String? { templates.first { $0.template == name }?.link }
}
