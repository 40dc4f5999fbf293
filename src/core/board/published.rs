//! The published figures of a board (docs/spec.md §6, §7, §8), as data read from its
//! board file (`[published]`), to be printed beside the computed ones.

use serde::Deserialize;

/// The published figures of one board; `None` where nothing is published.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Published {
    /// Whether a good pairing exists, when that is all that is published.
    pub exists: Option<String>,
    /// Classes.
    pub classes: Option<u64>,
    /// "Pairings found before reduction".
    pub before_reduction: Option<u64>,
    /// Graph edges.
    pub edges: Option<u64>,
    /// Connected components.
    pub components: Option<u64>,
    /// `min / max / mean` degree.
    pub degrees: Option<String>,
    /// `degree:vertices, …`.
    pub degree_distribution: Option<String>,
    /// `N vertices, diameter D` of the largest component.
    pub giant: Option<String>,
    /// Sizes of the other components, `6, 10×5, …`.
    pub other_components: Option<String>,
    /// `k of n` 16-vertex components that are 4-cubes.
    pub cubes: Option<String>,
    /// Triangles.
    pub triangles: Option<String>,
    /// Whether every induced cycle has length 4.
    pub induced_cycles_of_length_4: Option<String>,
    /// Cost of the published programs.
    pub cost: Option<String>,
}
