// Every limit the game-state layer enforces, in one place, with the reason for each.

public enum GameLimits {
    /// The longest paste the link importer reads. A canonical link is at most a few hundred
    /// characters; anything past 4 KiB is not a link, and refusing it early keeps parsing cheap.
    public static let maxPasteBytes = 4096
    /// Ingredients (species) in one swarm recipe, as in Sayama's interactive simulator.
    public static let maxIngredients = 16
    /// Total agents in a recipe. Sayama's simulator caps a recipe at 300; bigger runs scale
    /// populations at simulation time, never in the recipe itself.
    public static let maxTotalPopulation = 300
    /// `x-source` is a short app name shown to the player, marked unverified.
    public static let maxSourceCharacters = 32
    /// `x-success`, `x-error`, `x-cancel` targets.
    public static let maxCallbackCharacters = 256
    /// Looks: the most garments a share code may list (every slot filled is 8; the rest is slack
    /// for future slots, and a cap keeps a hostile code from allocating much).
    public static let maxGarmentsInCode = 16
    /// A wrapped link is rejoined from at most this many continuation lines.
    public static let maxLinkContinuationLines = 8
    /// The recipe name line kept from Sayama recipe text.
    public static let maxTitleCharacters = 64
}
