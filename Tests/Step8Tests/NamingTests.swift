import RecordGenerator
import Testing

/// The naming table: SQL names in, Swift names out.
@Suite struct NamingTests {
    @Test(arguments: [
        ("ProductID", "productID"), ("english_name", "englishName"), ("URL", "url"), ("id", "id"),
        ("CategoryName", "categoryName"), ("Order Date", "orderDate"), ("default", "`default`"),
        ("class", "`class`"), ("home_team_id", "homeTeamID"), ("player_Id", "playerID"), ("2fa_code", "_2faCode"),
        ("HomePage", "homePage"),
    ])
    func columnsBecomeCamelCaseProperties(column: String, property: String) {
        #expect(Naming.property(column) == property)
    }

    @Test(arguments: [
        ("Products", "Product"), ("Categories", "Category"), ("Order Details", "OrderDetail"),
        ("solar_body", "SolarBody"), ("Addresses", "Address"), ("Boxes", "Box"), ("Status", "Status"),
        ("CustomerCustomerDemo", "CustomerCustomerDemo"), ("row", "RowRecord"), ("Columns", "ColumnRecord"),
        ("database", "DatabaseRecord"), ("dates", "DateRecord"),
    ])
    func tablesBecomeSingularTypes(table: String, type: String) {
        #expect(Naming.type(table) == type)
    }

    @Test(arguments: [("Product", "Products"), ("Category", "Categories"), ("Box", "Boxes"), ("Day", "Days")])
    func associationsToManyArePlural(word: String, plural: String) {
        #expect(Naming.plural(word) == plural)
    }

    @Test(arguments: [("CategoryID", "category"), ("home_team_id", "homeTeam"), ("ReportsTo", "reportsTo"), ("id", "")])
    func foreignKeyColumnsNameTheirAssociation(column: String, name: String) {
        #expect(Naming.withoutIDSuffix(column) == name)
    }
}
