import ArgumentParser
import KumoImport

/// `kumo sample-export --objects N --out DIR`: a synthetic NCMB export for measuring `kumo import`.
struct SampleExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample-export",
        abstract: "Write a synthetic NCMB export (every field type) for measuring kumo import.")

    @Option(help: "How many objects.")
    var objects = 1_000_000

    @Option(help: "Over how many classes (Sample1, Sample2, …).")
    var classes = 1

    @Option(name: .customLong("out"), help: "Folder to write.")
    var outputDirectory: String

    func validate() throws {
        guard objects >= 0, classes >= 1 else { throw ValidationError("--objects must be 0 or more and --classes 1 or more") }
    }

    func run() async throws {
        let bytes = try SampleExport.write(objects: objects, classes: classes, into: outputDirectory)
        print("wrote \(objects) objects (\(bytes) bytes) in \(classes) class file(s) to \(outputDirectory)")
    }
}
