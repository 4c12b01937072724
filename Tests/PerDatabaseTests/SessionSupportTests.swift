import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// The calls the app's loop relies on beside saving fields.
@Suite struct SessionSupportTests {
    let folder = TemporaryFolder()

    @Test func deleteProductsRemovesThemAllInOneGo() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        let comparison = sampleComparison()
        try store.save(comparison)
        try store.deleteProducts(comparison.products.map(\.id))
        #expect(try store.load(comparison.id)?.products.isEmpty == true)
        #expect(try store.summaries().first?.productCount == 0)
    }

    @Test func lastEditMovesOnlyWhenThatComparisonChanges() throws {
        let path = folder.file("per.sqlite")
        let mine = try ComparisonDatabase(path: path), theirs = try ComparisonDatabase(path: path)
        let a = Comparison(title: "A"), b = Comparison(title: "B")
        try mine.save(a)
        try mine.save(b)
        let before = try #require(try mine.lastEdit(of: a.id))
        try theirs.saveField(.price, of: Product.fixture(price: 2), in: b.id)
        #expect(try mine.lastEdit(of: a.id) == before)
        try theirs.saveField(.price, of: Product.fixture(price: 3), in: a.id)
        #expect(try #require(try mine.lastEdit(of: a.id)) > before)
        try theirs.deleteComparison(a.id)
        #expect(try mine.lastEdit(of: a.id) == nil)
    }
}
