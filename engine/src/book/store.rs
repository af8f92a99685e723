//! Where a book keeps its positions.

use std::collections::HashMap;

use super::{Entry, Key};

/// The positions of a book: a hash map while it is built, sorted arrays once read from a
/// file (a third of the memory, in every browser worker that loads it; the first insert
/// turns them back into a map).
#[derive(Clone, Debug)]
pub(super) enum Store {
    Map(HashMap<Key, Entry>),
    Sorted { keys: Vec<Key>, entries: Vec<Entry> },
}

impl Default for Store {
    fn default() -> Store {
        Store::Map(HashMap::new())
    }
}

impl Store {
    pub(super) fn len(&self) -> usize {
        match self {
            Store::Map(m) => m.len(),
            Store::Sorted { keys, .. } => keys.len(),
        }
    }

    pub(super) fn get(&self, k: &Key) -> Option<&Entry> {
        match self {
            Store::Map(m) => m.get(k),
            Store::Sorted { keys, entries } => entries.get(keys.binary_search(k).ok()?),
        }
    }

    pub(super) fn get_mut(&mut self, k: &Key) -> Option<&mut Entry> {
        match self {
            Store::Map(m) => m.get_mut(k),
            Store::Sorted { keys, entries } => entries.get_mut(keys.binary_search(k).ok()?),
        }
    }

    pub(super) fn contains_key(&self, k: &Key) -> bool {
        self.get(k).is_some()
    }

    pub(super) fn insert(&mut self, k: Key, e: Entry) {
        if let Store::Sorted { keys, entries } = self {
            let map = keys.drain(..).zip(entries.drain(..)).collect();
            *self = Store::Map(map);
        }
        if let Store::Map(m) = self {
            m.insert(k, e);
        }
    }

    /// Every position, in the order of their keys.
    pub(super) fn sorted(&self) -> Vec<(Key, Entry)> {
        match self {
            Store::Map(m) => {
                let mut all: Vec<_> = m.iter().map(|(&k, &e)| (k, e)).collect();
                all.sort_unstable_by_key(|&(k, _)| k);
                all
            }
            Store::Sorted { keys, entries } => {
                keys.iter().copied().zip(entries.iter().copied()).collect()
            }
        }
    }

    /// The same positions as sorted arrays.
    pub(super) fn freeze(self) -> Store {
        let (keys, entries) = self.sorted().into_iter().unzip();
        Store::Sorted { keys, entries }
    }
}
