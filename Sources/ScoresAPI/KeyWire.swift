// SSH keys on the wire: GET, POST /v1/players/me/keys and DELETE /v1/players/me/keys?fingerprint=….
// A key signs its player in to the games the server hosts over SSH.

/// One of a player's keys, as listed.
public struct KeyInfo: Codable, Sendable, Equatable {
    /// "SHA256:…", as `ssh-keygen -lf` prints it.
    public var fingerprint: String
    public var type: String
    /// The comment the key was added with ("" for the key a player was made with).
    public var label: String
    public var addedAt: String

    public init(fingerprint: String, type: String, label: String, addedAt: String) {
        (self.fingerprint, self.type, self.label, self.addedAt) = (fingerprint, type, label, addedAt)
    }

    enum CodingKeys: String, CodingKey { case fingerprint, type, label, addedAt = "added_at" }
}

public struct KeyList: Codable, Sendable, Equatable {
    public var keys: [KeyInfo]

    public init(keys: [KeyInfo]) { self.keys = keys }
}

/// POST /v1/players/me/keys: one line of a .pub file.
public struct AddKeyRequest: Codable, Sendable, Equatable {
    public var publicKey: String

    public init(publicKey: String) { self.publicKey = publicKey }

    enum CodingKeys: String, CodingKey { case publicKey = "public_key" }
}
