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
        let pipes = try Pipes()
        let pid = try spawn(arguments, environment: environment, pipes: pipes)
        var output: [UInt8] = [], errors: [UInt8] = []
        withPipeSignalBlocked {
            exchange(input: input, with: pipes) { descriptor, chunk in
                if descriptor == pipes.output[0] {
                    if let onOutput { onOutput(chunk) } else { output += chunk }
                } else {
                    errors += chunk
                }
            }
        }
        return Outcome(status: waitForExit(pid), output: output, errors: errors)
    }

    /// The child's standard input, output and error: `[read end, write end]` each.
    private struct Pipes {
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0], errors: [Int32] = [0, 0]

        init() throws(Failure) {
            guard pipe(&input) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            guard pipe(&output) == 0 else {
                ChildProcess.closeAll(input)
                throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
            }
            guard pipe(&errors) == 0 else {
                ChildProcess.closeAll(input + output)
                throw Failure(description: "pipe: \(String(cString: strerror(errno)))")
            }
        }

        /// The ends the child uses, as its descriptors 0, 1 and 2.
        var childEnds: [Int32] { [input[0], output[1], errors[1]] }
        /// The ends this process keeps: it writes the input, reads the output and errors.
        var parentEnds: [Int32] { [input[1], output[0], errors[0]] }
    }

    /// Starts the program on the child's ends of `pipes` (closed here, whatever happens) and
    /// makes the parent's ends non-blocking.
    private static func spawn(_ arguments: [String], environment: [String: String], pipes: Pipes) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, end) in pipes.childEnds.enumerated() { posix_spawn_file_actions_adddup2(&actions, end, Int32(descriptor)) }
        for descriptor in pipes.childEnds + pipes.parentEnds { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables(adding: environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
        closeAll(pipes.childEnds)
        guard spawned == 0 else {
            closeAll(pipes.parentEnds)
            throw Failure(description: "\(arguments[0]) could not be run: \(String(cString: strerror(spawned)))")
        }
        for descriptor in pipes.parentEnds {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return pid
    }

    /// This process's environment with `environment` on top, sorted by name.
    private static func variables(adding environment: [String: String]) -> [(key: String, value: String)] {
        var variables: [String: String] = [:]
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") { variables[String(text[..<equals])] = String(text[text.index(after: equals)...]) }
            index += 1
        }
        for (key, value) in environment { variables[key] = value }
        return variables.sorted { $0.key < $1.key }
    }

    /// A program that ends before reading all its input would kill modlint with SIGPIPE at
    /// the next write: the signal is blocked on this thread while `body` runs (the write
    /// fails with EPIPE instead), and taken if it came, before the mask is restored.
    private static func withPipeSignalBlocked(_ body: () -> Void) {
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
        body()
    }

    /// One `poll` loop: writes `input` as the child takes it and hands over what it writes
    /// on its output or error (`received`: the descriptor read and the bytes), until both
    /// end. Closes the parent's ends of `pipes`.
    private static func exchange(input: [UInt8], with pipes: Pipes, received: (Int32, ArraySlice<UInt8>) -> Void) {
        let (inputEnd, outputEnd, errorEnd) = (pipes.input[1], pipes.output[0], pipes.errors[0])
        var written = 0
        var inputOpen = true, outputOpen = true, errorOpen = true
        if input.isEmpty {
            close(inputEnd)
            inputOpen = false
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while outputOpen || errorOpen {
            var descriptors: [pollfd] = []
            if inputOpen { descriptors.append(pollfd(fd: inputEnd, events: Int16(POLLOUT), revents: 0)) }
            if outputOpen { descriptors.append(pollfd(fd: outputEnd, events: Int16(POLLIN), revents: 0)) }
            if errorOpen { descriptors.append(pollfd(fd: errorEnd, events: Int16(POLLIN), revents: 0)) }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for entry in descriptors where entry.revents != 0 {
                if entry.fd == inputEnd {
                    let result = input[written...].withUnsafeBytes { write(entry.fd, $0.baseAddress!, $0.count) }
                    if result > 0 { written += result }
                    if (result < 0 && errno != EAGAIN && errno != EINTR) || written == input.count {
                        close(inputEnd)
                        inputOpen = false
                    }
                    continue
                }
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress!, $0.count) }
                if count > 0 {
                    received(entry.fd, buffer[..<count])
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    close(entry.fd)
                    if entry.fd == outputEnd { outputOpen = false } else { errorOpen = false }
                }
            }
        }
        if inputOpen { close(inputEnd) }
    }

    /// Waits for `pid` to end: its exit code, or 128 + the signal that ended it.
    private static func waitForExit(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    private static func closeAll(_ descriptors: [Int32]) {
        for descriptor in descriptors { close(descriptor) }
    }
}
