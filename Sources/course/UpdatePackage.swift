import ArgumentParser
import CourseRunner

extension Course {
    struct UpdatePackage: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update-package",
            abstract: "For instructors: rewrite Package.swift's list of exercises from Exercises/manifest.json.")

        func run() throws {
            let checkout = try Checkout.current()
            let changed = try PackageList.update(root: checkout.root, try Manifest.load(root: checkout.root))
            print(
                changed
                    ? "Rewrote Package.swift's courseExercises from \(Manifest.path)."
                    : "Package.swift's courseExercises already matches \(Manifest.path).")
        }
    }
}
