//! The `amoba` command: parses arguments and calls the library (see `cmd/`).

mod cmd;

fn main() -> std::process::ExitCode {
    cmd::main()
}
