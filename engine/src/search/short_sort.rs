//! Sorting a position's moves: short lists (a position rarely has more than 20 moves),
//! sorted at nearly every node of the searches.
//!
//! A stable insertion sort: the order of the standard library's stable sort, and of its
//! unstable one for lists of up to 20 (which it sorts by insertion too), ties included. One small function instead of a general
//! sort's code for each kind of list, board size and table keeps the computer's wasm small.

/// Sorts `list` by `key`, smallest first, keeping the order of equal keys.
///
/// ```
/// use outflank_engine::search::short_sort::sort_by_key;
///
/// let mut moves = [(19, 3), (26, -1), (37, 3), (44, 0)];
/// sort_by_key(&mut moves, |&(_, key)| key);
/// assert_eq!(moves, [(26, -1), (44, 0), (19, 3), (37, 3)]);
/// ```
#[inline]
pub fn sort_by_key<T: Copy, K: Ord>(list: &mut [T], key: impl Fn(&T) -> K) {
    for i in 1..list.len() {
        let item = list[i];
        let k = key(&item);
        let mut j = i;
        while j > 0 && key(&list[j - 1]) > k {
            list[j] = list[j - 1];
            j -= 1;
        }
        list[j] = item;
    }
}

#[cfg(test)]
mod tests {
    use super::sort_by_key;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn it_orders_as_the_standard_stable_sort_does(keys in proptest::collection::vec(-5i32..5, 0..64)) {
            let mut ours: Vec<(usize, i32)> = keys.iter().copied().enumerate().collect();
            let mut std = ours.clone();
            sort_by_key(&mut ours, |&(_, k)| k);
            std.sort_by_key(|&(_, k)| k);
            prop_assert_eq!(ours, std);
        }
    }
}
