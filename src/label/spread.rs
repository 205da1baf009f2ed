//! Work over many labels shared out over the cores: a batch of 500 labels is designed (each with
//! its QR symbol) and turned into ZPL on every core at once, in order. A few labels stay on the
//! calling thread, where starting threads would cost more than it saves.

/// Fewer items than this are done on the calling thread.
const AT_LEAST: usize = 16;

/// `f` of every item, in the items' order.
pub fn each<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if items.len() < AT_LEAST || cores == 1 {
        return items.iter().map(f).collect();
    }
    let share = items.len().div_ceil(cores);
    let f = &f;
    std::thread::scope(|scope| {
        let parts: Vec<_> = items
            .chunks(share)
            .map(|chunk| scope.spawn(move || chunk.iter().map(f).collect::<Vec<R>>()))
            .collect();
        parts
            .into_iter()
            // A worker that panicked panics here too, as the loop on one thread would have.
            .flat_map(|p| p.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_item_comes_back_in_its_place() {
        let items: Vec<u32> = (0..1000).collect();
        assert_eq!(
            super::each(&items, |i| i * 2),
            (0..1000).map(|i| i * 2).collect::<Vec<_>>()
        );
        assert_eq!(super::each(&items[..3], |i| i + 1), [1, 2, 3]);
    }
}
