// Causes: the list with their totals, and giving points to one (the contributors board, which
// ranks what was given, is read with the boards' calls) — each call declared once, with the shapes
// of the JSON it carries.

extension APICalls {
    /// Every call this file declares: `APICalls.all` lists the group in one line.
    static let causeCalls: [CallDeclaration] = [
        causes.declaration, donate.declaration,
    ]

    public static let causes = APICall<NoBody, CauseList>(
        "causes", .get, CallPath("/v1/causes"), auth: .anyone,
        summary: "Causes and their totals",
        reply: .ok("Causes"))

    public static let donate = APICall<DonationRequest, DonationResult>(
        "donate", .post, CallPath("/v1/donations"), auth: .player,
        summary: "Give available points to a cause",
        reply: .ok("Given"),
        refusals: [.forbidden(.playerBanned), .notFound(.causeNotFound), .unprocessable(.invalidPoints), .conflict(.notEnoughPoints),
                   .tooMany(.rateLimited)])
}

// MARK: The JSON

extension CauseInfo: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("id", .string), .required("name", .string), .required("description", .string),
                .required("total_points", .integer), .required("donors", .integer))
    }
}

extension CauseList: WireSchema {
    public static var schema: JSONSchema { .object(.required("causes", .array(of: .named(CauseInfo.self)))) }
}

extension DonationRequest: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("cause_id", .string), .required("points", JSONSchema.integer.minimum(1)))
    }
}

extension DonationResult: WireSchema {
    public static var schema: JSONSchema {
        .object(.required("cause_id", .string), .required("points", .integer), .required("points_given", .integer),
                .required("points_available", .integer), .required("cause_total", .integer))
    }
}
