package import Foundation

/// The exports of this process (docs/decisions/0088-dashboard-export-as-a-streamed-tar.md): each holds one of
/// ``limit`` places and a folder under ``directory`` from the moment its folder is written until its download ends,
/// whether the client read it all, left in the middle or left before the body started.
///
/// An ``ExportDownload`` owns the place and the folder: ``ExportDownload/end()`` removes the folder on the file pool and
/// gives the place back, and an owner dropped without it (a response whose body was never written) does the same from
/// its `deinit`. ``sweep()`` removes any entry of ``directory`` no export in progress owns, before every export.
package final class ExportDownloads: @unchecked Sendable {
    // @unchecked: `active` and `idleWaiters` are only touched under `lock`.

    /// The folder of exports in progress (`<data-dir>/dashboard/exports` in `kumo serve`).
    package let directory: URL
    /// How many exports may be in progress at once, writing or downloading: 2.
    package let limit: Int
    let fileWork: FileWork
    private let lock = NSLock()
    private var active: Set<String> = []
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates the exports of a folder; nothing is read or written until the first export.
    package init(directory: URL, limit: Int = 2, fileWork: FileWork = FileWork()) {
        self.directory = directory
        self.limit = limit
        self.fileWork = fileWork
    }

    /// How many exports are in progress.
    package var inProgress: Int { lock.withLock { active.count } }

    /// Takes a place for an export whose folder is `name` under ``directory``; `nil` when ``limit`` are in progress.
    func begin(name: String) -> ExportDownload? {
        let taken = lock.withLock {
            guard active.count < limit else { return false }
            active.insert(name)
            return true
        }
        return taken ? ExportDownload(folder: directory.appendingPathComponent(name), name: name, downloads: self) : nil
    }

    /// Removes, on the file pool, every entry of ``directory`` that no export in progress owns: what a process that
    /// ended left, and what an export whose clean-up could not run left.
    package func sweep() async {
        let directory = directory
        let entries = (try? await fileWork.run { try FileManager.default.contentsOfDirectory(atPath: directory.path) }) ?? []
        let stale = lock.withLock { entries.filter { !active.contains($0) } }
        guard !stale.isEmpty else { return }
        await fileWork.remove(stale.map { directory.appendingPathComponent($0) })
    }

    /// Returns once no export is in progress (at once when none is).
    package func idle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isIdle = lock.withLock {
                guard !active.isEmpty else { return true }
                idleWaiters.append(continuation)
                return false
            }
            if isIdle { continuation.resume() }
        }
    }

    /// Gives the place of `name` back; its folder is gone.
    fileprivate func release(_ name: String) {
        let waiters = lock.withLock {
            active.remove(name)
            guard active.isEmpty else { return [CheckedContinuation<Void, Never>]() }
            defer { idleWaiters = [] }
            return idleWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// One export in progress: its folder and its place among ``ExportDownloads/limit``, given back exactly once, by
/// ``end()`` or, when the response that holds it is dropped without writing its body, by `deinit`.
final class ExportDownload: @unchecked Sendable {
    // @unchecked: `hasEnded` is only touched under `lock`.

    /// The export's folder.
    let folder: URL
    private let name: String
    private let downloads: ExportDownloads
    private let lock = NSLock()
    private var hasEnded = false

    fileprivate init(folder: URL, name: String, downloads: ExportDownloads) {
        self.folder = folder
        self.name = name
        self.downloads = downloads
    }

    /// Removes the folder (on the file pool, even when the caller is cancelled) and gives the place back.
    func end() async {
        guard markEnded() else { return }
        await downloads.fileWork.remove([folder])
        downloads.release(name)
    }

    deinit {
        guard markEnded() else { return }
        let (downloads, name) = (downloads, name)
        downloads.fileWork.startRemoving([folder]) { downloads.release(name) }
    }

    /// Whether this call is the first to end the export.
    private func markEnded() -> Bool {
        lock.withLock {
            defer { hasEnded = true }
            return !hasEnded
        }
    }
}
