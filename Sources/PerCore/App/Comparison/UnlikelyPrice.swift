import Foundation

/// A product's new price, quantity or unit that makes its unit price 100 times or more away from every other price of
/// its comparison now and from the lowest in its history (a `kg` taken for `g`, `150` for `1.50`): nothing of it is
/// ranked, booked or said until Enter keeps it; Esc leaves the field as it was typed.
public struct UnlikelyPrice: Equatable, Sendable {
    /// The product as keeping it makes it.
    public var product: Product
    /// What was typed, as the question says it (`1.50 for 500 kg`, with the session's decimal mark).
    public var typed: String
    /// The field whose commit asked.
    public var field: ProductField
    /// What the user did that would have committed it, done again once it is kept.
    public var then: ComparisonAction
    /// How far away a unit price must be, from every price it is compared with, to be asked about.
    public static let times: Decimal = 100

    public var question: String {
        "\(typed)? Enter keeps it, Esc goes back to the \(field.title.lowercased())"
    }
}
