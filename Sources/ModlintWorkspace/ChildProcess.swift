#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a helper program (git) with `posix_spawnp` and one `poll` loop over its standard
/// input, output and error: no run loop and no thread per pipe, so a call costs what the
/// program costs (Foundation's `Process` added tens of milliseconds to each of the half
/// dozen git calls a `modlint diff` makes). Output can be taken as it arrives
/// (`onOutput`), so a stream of every blob of a tree never sits in memory whole.
public enum ChildProcess {
    public struct Outcome: Sendable {
        public var status: Int32
        /// Standard output, unless `onOutput` took it.
        public var output: [UInt8]
        public var errors: [UInt8]
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Runs `arguments[0]` (looked up in `PATH`) with the others, the environment plus
    /// `environment`, and `input` on its standard input; waits for it to end.
    public static func run(_ arguments: [String], input: [UInt8] = [], environment: [String: String] = [:],
                           onOutput: ((ArraySlice<UInt8>) -> Void)? = nil) throws(Failure) -> Outcome {
        var inputPipe: [Int32] = [0, 0], outputPipe: [Int32] = [0, 0], errorPipe: [Int32] = [0, 0]
        guard pipe(&inputPipe) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&outputPipe) == 0 else {
            closeAll(inputPipe)
            throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
        }
        guard pipe(&errorPipe) == 0 else {
            closeAll(inputPipe + outputPipe)
            throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        for descriptor in inputPipe + outputPipe + errorPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }

        var variables: [String: String] = [:]
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") { variables[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
            index += 1
        }
        for (key, value) in environment { variables[key] = value }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        close(inputPipe[0])
        close(outputPipe[1])
        close(errorPipe[1])
        guard spawned == 0 else {
            closeAll([inputPipe[1], outputPipe[0], errorPipe[0]])
            throw Failure(description: "\(arguments[0]) could not be run: \(String(cString: strerror(spawned)))")
        }
        for descriptor in [inputPipe[1], outputPipe[0], errorPipe[0]] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        var output: [UInt8] = [], errors: [UInt8] = []
        var written = 0
        var inputOpen = true, outputOpen = true, errorOpen = true
        if input.isEmpty {
            close(inputPipe[1])
            inputOpen = false
        }
        // A program that ends before reading all its input would kill modlint with SIGPIPE
        // at the next write: the signal is blocked on this thread (the write fails with
        // EPIPE instead), and taken if it came, before the mask is restored.
        var pipeSignal = sigset_t(), previousMask = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previousMask)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 && sigismember(&previousMask, SIGPIPE) == 0 {
                var taken: Int32 = 0
                sigwait(&pipeSignal, &taken)
            }
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while outputOpen || errorOpen {
            var descriptors: [pollfd] = []
            if inputOpen { descriptors.append(pollfd(fd: inputPipe[1], events: Int16(POLLOUT), revents: 0)) }
            if outputOpen { descriptors.append(pollfd(fd: outputPipe[0], events: Int16(POLLIN), revents: 0)) }
            if errorOpen { descriptors.append(pollfd(fd: errorPipe[0], events: Int16(POLLIN), revents: 0)) }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for entry in descriptors where entry.revents != 0 {
                if entry.fd == inputPipe[1] {
                    let result = input[written...].withUnsafeBytes { write(entry.fd, $0.baseAddress!, $0.count) }
                    if result > 0 { written += result }
                    if (result < 0 && errno != EAGAIN && errno != EINTR) || written == input.count {
                        close(inputPipe[1])
                        inputOpen = false
                    }
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress!, $0.count) }
                if count > 0 {
                    if entry.fd == outputPipe[0] {
                        if let onOutput { onOutput(buffer[..<count]) } else { output += buffer[..<count] }
                    } else {
                        errors += buffer[..<count]
                    }
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    close(entry.fd)
                    if entry.fd == outputPipe[0] { outputOpen = false } else { errorOpen = false }
                }
            }
        }
        if inputOpen { close(inputPipe[1]) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // Exit code, or 128 + the signal that ended it.
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Outcome(status: code, output: output, errors: errors)
    }

    private static func closeAll(_ descriptors: [Int32]) {
        for descriptor in descriptors { close(descriptor) }
    }
}
