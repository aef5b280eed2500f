// swift-tools-version:6.1
import PackageDescription

// The mutation tool (make mutants): reads the course's Swift files with swift-syntax and lists the
// mutants it can make of them. A package of its own, so that swift-syntax (a minute or two of a cold
// build) never enters the course's build: make test, make stepN and CI never compile it.
let package = Package(
    name: "Mutants",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1")
    ],
    targets: [
        .executableTarget(
            name: "mutants",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "MutantsTests",
            dependencies: ["mutants", .product(name: "SwiftParser", package: "swift-syntax")]),
    ]
)
