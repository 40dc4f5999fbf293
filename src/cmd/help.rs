//! The long texts of the help: the description and examples of `amoba --help`, and the
//! examples under each subcommand's help (`amoba help COMMAND`, the manual pages),
//! kept apart from the command definitions in [`super`] so that the dispatcher reads
//! as a list of subcommands. Each text is printed as written, after the options.

/// The long description of `amoba --help`.
pub const LONG_ABOUT: &str = "Pairing strategies, placements and Maker–Breaker games of \
    k-in-a-row: enumerates the good pairings of a periodic board up to symmetry, \
    builds the graph that pairing moves draw between their classes, analyses and \
    exports it, and checks candidate pairings; finds, counts and excludes \
    t-placements and computes blocking numbers; decides who wins a finite \
    Maker–Breaker game, with the winner's strategy as a certificate that an \
    independent checker replays. docs/spec.md defines every term; FORMATS.md every \
    file.";

/// The examples of `amoba --help`.
pub const EXAMPLES: &str = "Examples:\n  \
    amoba reproduce                 # everything, compared with the published figures\n  \
    amoba verify my-pairings.txt    # check pairings of your own\n  \
    amoba show 1 --format svg --out pairing-1.svg\n  \
    amoba solve data/games/strip4-8.game --certificate s.txt   # who wins, with a proof\n\n\
    Run `amoba help COMMAND` for the options and examples of one command.";

/// The paragraphs `amoba --help` prints before its examples: the boards this build
/// knows, and the rules every command follows.
pub fn boards() -> String {
    format!(
        "Boards (--board): {}, or a board file (*.toml; docs/spec.md appendix A describes \
         each, FORMATS.md the file).\n\n\
         Rules shared by every command (README, *Where output goes*): --json prints the \
         command's JSON document on stdout instead of its text; exit 0 answered, 1 the \
         negative verdict a command exists for, 2 usage or input error; messages and \
         progress on stderr.",
        amoba::core::board::Board::NAMES.join(", ")
    )
}

/// The examples of `amoba enumerate`.
pub const ENUMERATE: &str = "Examples:\n  \
    amoba enumerate                       # results/catalogue-9.txt, results/enumerate-9.json\n  \
    amoba enumerate --board hex7          # the hexagonal board of 7-in-a-row\n  \
    amoba enumerate --shard 3/64 --progress log   # one part of a cluster job";

/// The examples of `amoba graph`.
pub const GRAPH: &str = "Examples:\n  \
    amoba graph                           # from the square9 catalogue into results/\n  \
    amoba graph --board hex7\n  \
    amoba graph --catalogue my-catalogue.txt --out-dir out";

/// The examples of `amoba merge`.
pub const MERGE: &str = "Example:\n  \
    amoba merge results/parts/catalogue-9.part-*-of-64.txt";

/// The examples of `amoba reproduce`.
pub const REPRODUCE: &str = "Examples:\n  \
    amoba reproduce                       # 9-in-a-row: the 8x8 torus and the 16-toroidal board\n  \
    amoba reproduce --board hex7          # another board of docs/spec.md §7\n  \
    amoba reproduce --json | jq '.rows[] | select(.verdict == \"differ\")'";

/// The examples of `amoba game`.
pub const GAME: &str = "Examples:\n  \
    amoba game strip4 --n 8 --out strip4-8.game   # the dissertation's 4x8 strip\n  \
    amoba game strip7tr --n 9                     # the (4, 9, 7^tr) strip, on stdout\n  \
    amoba game rectangle --width 3 --height 3 --k 3 --name tictactoe\n  \
    amoba game torus --board square9              # the 8x8 torus of 9-in-a-row\n  \
    amoba game after data/games/strip7tr-9.game --moves \"0,1 1,0\"   # from the position they reach\n  \
    amoba game info data/games/strip4-12.game     # blocking power 48k − 136, k ≥ 41/6\n  \
    amoba game power --sizes 2,2,3,3,3,3,4,4,4 --cells 12   # a sub-board known by its set sizes";

/// The examples of `amoba verify`.
pub const VERIFY: &str = "Examples:\n  \
    amoba verify data/good/several.txt    # exit 0: all good, with IDs\n  \
    amoba verify --json - < my-pairing.txt\n  \
    amoba verify --board cube7 data/cube7/good.txt\n  \
    amoba verify --strategy seven.game seven.strategy   # a Maker–Breaker certificate";

/// The examples of `amoba solve`.
pub const SOLVE: &str = "Examples:\n  \
    amoba solve data/games/seven.game --moves     # Maker wins, only by opening at 1\n  \
    amoba solve data/games/strip7tr-8.game --certificate s.txt && \\\n    \
    amoba verify --strategy data/games/strip7tr-8.game s.txt\n  \
    amoba solve my.game --node-limit 100000000 --memory 8192 --progress log

Ctrl-C (or SIGTERM) stops the search as a node limit would: amoba prints how far it got,
then ends by the signal; a second Ctrl-C ends it at once.";

/// The examples of `amoba show`.
pub const SHOW: &str = "Examples:\n  \
    amoba show 1                          # catalogue pairing 1 on the torus, as text\n  \
    amoba show 1 --format svg --out pairing-1.svg\n  \
    amoba show data/good/first.txt --window 16   # a 16x16 window of the plane";

/// The examples of `amoba query`.
pub const QUERY: &str = "Examples:\n  \
    amoba query 1                         # class 1 of the 8x8 catalogue\n  \
    amoba query my-pairing.txt --json     # the moves of a pairing of your own\n  \
    amoba query 5 --board hex7";

/// The examples of `amoba path`.
pub const PATH: &str = "Examples:\n  \
    amoba path 1 194543                   # exit 1: different components\n  \
    amoba path 1 2000 --svg steps/        # each step drawn, slid dominoes highlighted\n  \
    amoba path mine.txt 17 --json";

/// The examples of `amoba select`.
pub const SELECT: &str = "Examples:\n  \
    amoba select --stabiliser 4..         # the most symmetric classes of square9\n  \
    amoba select --component 2.. --format forms\n  \
    amoba select --symmetry \"-1,0 0,-1\" --count   # classes with a half-turn symmetry";

/// The examples of `amoba serve`.
pub const SERVE: &str = "Examples:\n  \
    amoba serve                           # http://127.0.0.1:8080/ on the 8x8 torus\n  \
    amoba serve --board hex7 --port 0     # any free port; the URL is printed on stderr";

/// The examples of `amoba canon`.
pub const CANON: &str = "Examples:\n  \
    amoba canon my-pairings.txt\n  \
    amoba transform 1 --symmetry \"0,-1 1,0\" | amoba canon -   # back to ID 1";

/// The examples of `amoba transform`.
pub const TRANSFORM: &str = "Examples:\n  \
    amoba transform 1 --symmetry \"0,-1 1,0 + 3,0\"    # (x,y) -> (-y+3, x)\n  \
    amoba transform mine.txt --symmetry \"+ 1,0\" --grid  # shift one cell east";

/// The examples of `amoba completions`.
pub const COMPLETIONS: &str = "Examples:\n  \
    amoba completions bash > ~/.local/share/bash-completion/completions/amoba\n  \
    amoba completions zsh > ~/.zfunc/_amoba\n  \
    amoba completions fish > ~/.config/fish/completions/amoba.fish";

/// The examples of `amoba man`.
pub const MAN: &str = "Examples:\n  \
    amoba man > amoba.1 && man ./amoba.1\n  \
    amoba man verify > amoba-verify.1";

/// The examples and exit statuses of `amoba tight`.
pub const TIGHT: &str = "Examples:\n  \
    amoba tight --t 3 --k 7 --lattice \"6,0 0,6\"            # one tight 3-placement of 7-in-a-row\n  \
    amoba tight --t 3 --k 7 --lattice \"6,0 0,6\" --count    # its classes and labelled count\n  \
    amoba tight --t 3 --k 7 --max-index 72                 # every lattice up to index 72\n  \
    amoba tight --t 4 --k 5 --plane                        # none in the plane: a 5x5 square\n  \
    amoba tight --t 3 --k 4 --directions \"1,0 0,1\" --lattice \"3,0 0,3\"\n  \
    amoba tight --t 3 --k 7 --max-index 36 --json | jq '.lattices[] | select(.answer == \"found\")'\n\n\
    Exit status: 0 found (with --plane: not excluded), 1 none exists (where, and the \
    nodes of the exhaustive search) or none found before the node limit (with --plane: \
    a square undecided at it; the message says which), 2 usage or input error, or good \
    placements of this game need not be tight.";
