import CourseCore
import GRDB

// [docs:supplier]
/// A row of `Suppliers`. Every column maps to a Swift type GRDB already
/// knows, so Codable does the work: `CodingKeys` say which column feeds
/// which property, and GRDB uses the same keys to read and to write.
struct Supplier: Codable, Equatable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "Suppliers"

    var id: Int64
    var companyName: String
    var contactName: String?
    var contactTitle: String?
    var address: String?
    var city: String?
    var region: String?
    var postalCode: String?
    var country: String?
    var phone: String?
    var fax: String?
    var homePage: String?

    enum CodingKeys: String, CodingKey {
        case id = "SupplierID"
        case companyName = "CompanyName"
        case contactName = "ContactName"
        case contactTitle = "ContactTitle"
        case address = "Address"
        case city = "City"
        case region = "Region"
        case postalCode = "PostalCode"
        case country = "Country"
        case phone = "Phone"
        case fax = "Fax"
        case homePage = "HomePage"
    }
}
// [/docs:supplier]
