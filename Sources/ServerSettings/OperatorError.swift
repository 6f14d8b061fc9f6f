// Why a command stops, in words an operator can act on: the file, setting or database at fault
// and what to do about it. Not a `ValidationError`: the command line was usually right (the
// environment, the config file or the database was not), so no usage text follows the message,
// which keeps journalctl readable; the exit status is 1.
public struct OperatorError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// A flag's value refused: the command line's mistake, which the command shows with its usage.
public struct FlagError: Error, CustomStringConvertible, Sendable {
    public let description: String
}
