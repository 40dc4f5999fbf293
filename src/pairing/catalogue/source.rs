//! Where a command that *needs* a catalogue finds it, without writing where it was not
//! asked to (README, *Where the catalogue comes from*).
//!
//! `amoba verify` and `amoba show` look up catalogue IDs; `amoba graph` builds on the
//! catalogue. They take the first of:
//!
//! 1. **`--catalogue PATH`** ([`Location::Given`]): read; if the file does not exist,
//!    the board is enumerated and the catalogue written there (the user named the
//!    file).
//! 2. **`results/catalogue-<tag>.txt`** ([`Location::Results`], relative to the
//!    current directory), when that file exists: read, never written.
//! 3. **The per-user cache** ([`Location::Cache`]): `$AMOBA_CACHE_DIR/catalogue-<tag>.txt`
//!    when the environment variable [`CACHE_ENV`] is set and not empty, otherwise
//!    `amoba/catalogue-<tag>.txt` in the platform's cache directory
//!    (`$XDG_CACHE_HOME` or `~/.cache` on Linux, `~/Library/Caches` on macOS,
//!    `%LOCALAPPDATA%` on Windows; the `dirs` crate). Read when present and valid;
//!    otherwise the board is enumerated (about a second for square9) and the file
//!    (re)written. A cache that cannot be written is not an error: the catalogue is
//!    then kept in memory for this run.
//! 4. **Nowhere** ([`Location::Memory`]): no cache directory is known (no home
//!    directory): the board is enumerated in memory for this run.
//!
//! Nothing is ever written into the current directory unless the user named it. A
//! catalogue read from anywhere is validated in full ([`Catalogue::read`]): every line
//! good, canonical and in order, so a stale or damaged cache cannot give wrong IDs; it
//! is replaced.
//!
//! An enumeration of a board that refines a coarser one (the 16-toroidal board) loads
//! the coarser board's catalogue the same way when it needs it ([`Refined`]).

use crate::core::board::Board;
use crate::pairing::catalogue::enumerate::{file_tag, run};
use crate::pairing::catalogue::{Catalogue, CatalogueError};
use std::path::{Path, PathBuf};

/// The environment variable naming the cache directory.
pub const CACHE_ENV: &str = "AMOBA_CACHE_DIR";

/// Where a catalogue is to be found; see the module documentation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// Named by the user: read, or enumerated and written there.
    Given(PathBuf),
    /// `results/catalogue-<tag>.txt`, which exists: read only.
    Results(PathBuf),
    /// The per-user cache: read, or enumerated and written there.
    Cache(PathBuf),
    /// No file: enumerated in memory.
    Memory,
}

impl Location {
    /// The file, if there is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Location::Given(p) | Location::Results(p) | Location::Cache(p) => Some(p),
            Location::Memory => None,
        }
    }

    /// The file's path for messages and reports, or `(enumerated in memory)`.
    pub fn describe(&self) -> String {
        match self.path() {
            Some(p) => p.display().to_string(),
            None => "(enumerated in memory)".into(),
        }
    }
}

/// The catalogue's file name: `catalogue-<tag>.txt` (`catalogue-9.txt` on square9).
pub fn file_name(board: &Board) -> String {
    format!("catalogue-{}.txt", file_tag(board))
}

/// Where `amoba enumerate` writes the catalogue by default: `results/catalogue-<tag>.txt`.
pub fn results_path(board: &Board) -> PathBuf {
    Path::new("results").join(file_name(board))
}

/// The per-user cache directory: [`CACHE_ENV`] if set and not empty, otherwise
/// `amoba` in the platform's cache directory, if there is one.
pub fn cache_dir() -> Option<PathBuf> {
    match std::env::var_os(CACHE_ENV) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => dirs::cache_dir().map(|d| d.join("amoba")),
    }
}

/// Chooses where the catalogue of `board` comes from (first match of the module
/// documentation's list). Looks at the file system only to see whether
/// `results/catalogue-<tag>.txt` exists.
pub fn locate(board: &Board, given: Option<&Path>) -> Location {
    if let Some(p) = given {
        return Location::Given(p.to_path_buf());
    }
    let results = results_path(board);
    if results.is_file() {
        return Location::Results(results);
    }
    match cache_dir() {
        Some(dir) => Location::Cache(dir.join(file_name(board))),
        None => Location::Memory,
    }
}

/// A catalogue and the file that holds exactly it, if any.
pub struct Loaded {
    /// The catalogue.
    pub catalogue: Catalogue,
    /// The file whose lines are this catalogue's (`None` when it lives in memory
    /// only, e.g. a cache that could not be written).
    pub file: Option<PathBuf>,
}

/// Loads the catalogue of `board` from `location`, enumerating it where the module
/// documentation says so. `note` receives one-line messages for the user (what is
/// being enumerated, where it was written, why a cache was not used).
///
/// # Errors
///
/// A given or `results/` file that cannot be read or is not a valid catalogue of
/// `board`; a given file that has to be written and cannot be. Problems with the cache
/// are notes, not errors.
///
/// *Cost*: reading validates every line (about a second for square9's 194,543); an
/// enumeration takes about as long on two cores.
pub fn load(
    board: &Board,
    location: &Location,
    note: &dyn Fn(&str),
) -> Result<Loaded, CatalogueError> {
    let enumerate = |why: &str| {
        note(&format!(
            "{why}; enumerating board {} (about a second for square9)",
            board.name()
        ));
        run(board, 0, None, &|_, _| {}).catalogue
    };
    match location {
        Location::Given(p) if !p.exists() => {
            let catalogue = enumerate(&format!("{} not found", p.display()));
            catalogue.write(p)?;
            note(&format!(
                "wrote {} ({})",
                p.display(),
                crate::core::text::counted(catalogue.len() as u64, "class", "classes")
            ));
            Ok(Loaded {
                catalogue,
                file: Some(p.clone()),
            })
        }
        Location::Given(p) | Location::Results(p) => Ok(Loaded {
            catalogue: Catalogue::read(board, p)?,
            file: Some(p.clone()),
        }),
        Location::Cache(p) => {
            let why = if p.exists() {
                match Catalogue::read(board, p) {
                    Ok(catalogue) => {
                        return Ok(Loaded {
                            catalogue,
                            file: Some(p.clone()),
                        });
                    }
                    Err(e) => format!(
                        "the cached {} is unusable ({})",
                        p.display(),
                        crate::core::io::error_chain(&e)
                    ),
                }
            } else {
                format!("no catalogue in results/ or in the cache ({})", p.display())
            };
            let catalogue = enumerate(&why);
            match catalogue.write(p) {
                Ok(()) => {
                    note(&format!(
                        "cached {} ({}; set {CACHE_ENV} to use another directory)",
                        p.display(),
                        crate::core::text::counted(catalogue.len() as u64, "class", "classes")
                    ));
                    Ok(Loaded {
                        catalogue,
                        file: Some(p.clone()),
                    })
                }
                Err(e) => {
                    note(&format!(
                        "cannot cache the catalogue ({}); keeping it in memory for this run",
                        crate::core::io::error_chain(&e)
                    ));
                    Ok(Loaded {
                        catalogue,
                        file: None,
                    })
                }
            }
        }
        Location::Memory => Ok(Loaded {
            catalogue: enumerate(&format!(
                "no catalogue in results/ and no cache directory (set {CACHE_ENV})"
            )),
            file: None,
        }),
    }
}

/// Why the board a board refines, or its catalogue, could not be had.
#[derive(Debug, thiserror::Error)]
pub enum RefinedError {
    /// The refined board is unknown.
    #[error(transparent)]
    Board(#[from] crate::core::board::BoardError),
    /// Its catalogue could not be loaded.
    #[error(transparent)]
    Catalogue(#[from] CatalogueError),
}

/// The board that a board refines (the 8×8 torus for the 16-toroidal board), with
/// its catalogue and census when an enumeration needs them and its caller does not
/// have them: the census for the left-out classes of a rooted search
/// ([`rooted`](crate::pairing::catalogue::enumerate::rooted)), the 8×8 catalogue for
/// the table of blocks ([`crate::pairing::catalogue::blocks`]). Catalogues are loaded
/// like any other ([`locate`], [`load`]: `results/`, the cache, or a fresh enumeration
/// in memory).
pub struct Refined {
    /// The board refined, if any.
    pub board: Option<Board>,
    /// Its catalogue and census, when loaded here.
    loaded: Option<(Catalogue, crate::pairing::catalogue::census::Census)>,
}

/// A catalogue and its census, borrowed.
pub type CatalogueCensus<'a> = (&'a Catalogue, &'a crate::pairing::catalogue::census::Census);

impl Refined {
    /// The board `board` refines; its catalogue and census are loaded when the rooted
    /// search needs the census and the caller has none (`given` false). `note`
    /// receives the messages of [`load`].
    ///
    /// *Errors*: an unknown refined board, or a catalogue that cannot be loaded.
    pub fn of(board: &Board, given: bool, note: &dyn Fn(&str)) -> Result<Refined, RefinedError> {
        let refined = match board.info().refines.as_deref() {
            Some(name) => Some(Board::by_name(name)?),
            None => None,
        };
        let loaded = match &refined {
            Some(b) if !given && crate::pairing::catalogue::enumerate::rooted(board) => {
                let cat = load(b, &locate(b, None), note)?.catalogue;
                let census = crate::pairing::catalogue::census::Census::of(b, &cat);
                Some((cat, census))
            }
            _ => None,
        };
        Ok(Refined {
            board: refined,
            loaded,
        })
    }

    /// The catalogue and census of the coarser board for the run: `given`, else those
    /// loaded by [`Refined::of`].
    pub fn coarse<'a>(&'a self, given: Option<CatalogueCensus<'a>>) -> Option<CatalogueCensus<'a>> {
        given.or(self.loaded.as_ref().map(|(cat, census)| (cat, census)))
    }

    /// The 8×8 catalogue the table of blocks reads (`board8` is [`Board::square9`]):
    /// the coarse one when the refined board is that torus, else loaded.
    ///
    /// *Errors*: a catalogue that cannot be loaded.
    pub fn blocks_catalogue<'a>(
        &self,
        board8: &Board,
        coarse: Option<CatalogueCensus<'a>>,
        note: &dyn Fn(&str),
    ) -> Result<std::borrow::Cow<'a, Catalogue>, RefinedError> {
        let same =
            |b: &Board| b.lattice() == board8.lattice() && b.directions() == board8.directions();
        match (&self.board, coarse) {
            (Some(b), Some((cat, _))) if same(b) => Ok(std::borrow::Cow::Borrowed(cat)),
            _ => Ok(std::borrow::Cow::Owned(
                load(board8, &locate(board8, None), note)?.catalogue,
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_given_file_is_enumerated_and_written_and_a_bad_cache_replaced() {
        let dir = std::env::temp_dir().join(format!("amoba-source-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let board = Board::square5();
        let given = dir.join("given").join("cat.txt");
        let notes = std::cell::RefCell::new(Vec::new());
        let note = |s: &str| notes.borrow_mut().push(s.to_string());
        let loaded = load(&board, &Location::Given(given.clone()), &note).unwrap();
        assert_eq!(loaded.catalogue.len(), 2);
        assert_eq!(loaded.file.as_deref(), Some(given.as_path()));
        assert_eq!(Catalogue::read(&board, &given).unwrap(), loaded.catalogue);
        assert!(notes.borrow()[0].contains("not found; enumerating board square5"));

        let cache = dir.join("cache").join(file_name(&board));
        std::fs::create_dir_all(cache.parent().unwrap()).unwrap();
        std::fs::write(&cache, "not a catalogue\n").unwrap();
        let loaded = load(&board, &Location::Cache(cache.clone()), &note).unwrap();
        assert_eq!(loaded.catalogue.len(), 2);
        assert!(
            notes.borrow().iter().any(|n| n.contains("is unusable")),
            "{notes:?}"
        );
        assert_eq!(Catalogue::read(&board, &cache).unwrap(), loaded.catalogue);
        // Read back from the cache without enumerating.
        let before = notes.borrow().len();
        load(&board, &Location::Cache(cache.clone()), &note).unwrap();
        assert_eq!(notes.borrow().len(), before);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
