// One Swarm Chemistry species: Sayama's eight kinetic parameters, stored exactly as hundredths.

/// The kinetic parameters of one species in Sayama's Swarm Chemistry (2009).
public struct Genome: Hashable, Sendable {
    public enum Parameter: Int, CaseIterable, Sendable {
        case radius, normalSpeed, maxSpeed, c1, c2, c3, c4, c5

        /// The symbol Sayama uses, and the key in Plume's JSON.
        public var symbol: String {
            switch self {
            case .radius: "R"
            case .normalSpeed: "Vn"
            case .maxSpeed: "Vm"
            case .c1: "c1"
            case .c2: "c2"
            case .c3: "c3"
            case .c4: "c4"
            case .c5: "c5"
            }
        }

        public var meaning: String {
            switch self {
            case .radius: "neighbourhood radius"
            case .normalSpeed: "normal speed"
            case .maxSpeed: "maximum speed"
            case .c1: "cohesion"
            case .c2: "alignment"
            case .c3: "separation"
            case .c4: "random steering"
            case .c5: "pace keeping"
            }
        }

        /// Upper bound in hundredths (lower bound is 0): R 0–300, Vn 0–20, Vm 0–40, c1 0–1,
        /// c2 0–1, c3 0–100, c4 0–0.5, c5 0–1.
        public var maxHundredths: Int {
            switch self {
            case .radius: 30000
            case .normalSpeed: 2000
            case .maxSpeed: 4000
            case .c1, .c2, .c5: 100
            case .c3: 10000
            case .c4: 50
            }
        }

        /// Bits needed for 0...maxHundredths in a share code.
        var bitWidth: Int { Int.bitWidth - maxHundredths.leadingZeroBitCount }
    }

    private var raw: SIMD8<Int32>

    /// A genome from hundredths in Sayama's order (R, Vn, Vm, c1, c2, c3, c4, c5), each clamped
    /// into its range.
    public init(clampingHundredths values: [Int]) {
        precondition(values.count == 8, "a genome has eight parameters")
        raw = .zero
        for parameter in Parameter.allCases {
            raw[parameter.rawValue] = Int32(min(max(values[parameter.rawValue], 0), parameter.maxHundredths))
        }
    }

    /// A genome from real values in Sayama's order, rounded to hundredths and clamped.
    public init(clamping values: [Double]) {
        self.init(clampingHundredths: values.map { Hundredths.from($0) ?? 0 })
    }

    public func hundredths(_ parameter: Parameter) -> Int { Int(raw[parameter.rawValue]) }
    public subscript(_ parameter: Parameter) -> Double { Double(raw[parameter.rawValue]) / 100 }

    public mutating func set(_ parameter: Parameter, hundredths value: Int) {
        raw[parameter.rawValue] = Int32(min(max(value, 0), parameter.maxHundredths))
    }

    /// All eight in Sayama's order, as hundredths.
    public var allHundredths: [Int] { Parameter.allCases.map { hundredths($0) } }
}
