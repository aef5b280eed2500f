import ArgumentParser
import CourseRunner

struct UpdatePackage: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update-package",
        abstract: "For instructors: rewrite Package.swift's list of exercises from Exercises/manifest.json.")

    func run() throws {
        let workspace = try Workspace.current()
        let changed = try PackageList.update(root: workspace.root, try Manifest.load(root: workspace.root))
        print(
            changed
                ? "Rewrote Package.swift's courseExercises from \(Manifest.path)."
                : "Package.swift's courseExercises already matches \(Manifest.path).")
    }
}
