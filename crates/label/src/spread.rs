//! Work over many labels shared out over the cores: a batch of 500 labels is designed (each with
//! its QR symbol), turned into ZPL and its PDF streams deflated on every core at once, in order.
//! A few items stay on the calling thread, where starting threads would cost more than it saves;
//! in [`each`], a share whose thread cannot be started is done on the calling thread too.

/// Fewer items than this are done on the calling thread.
const AT_LEAST: usize = 16;

/// How many items each thread takes, or `None` to do them all here.
fn share(items: usize, at_least: usize) -> Option<usize> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (items >= at_least && cores > 1).then(|| items.div_ceil(cores))
}

/// `f` of every item, in the items' order.
pub(crate) fn each<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let Some(share) = share(items.len(), AT_LEAST) else {
        return items.iter().map(f).collect();
    };
    let f = &f;
    std::thread::scope(|scope| {
        let parts: Vec<Result<_, Vec<R>>> = items
            .chunks(share)
            .map(|chunk| {
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || chunk.iter().map(f).collect::<Vec<R>>())
                    .map_err(|_| chunk.iter().map(f).collect())
            })
            .collect();
        parts
            .into_iter()
            .flat_map(|p| match p {
                // A worker that panicked panics here too, as the loop on one thread would have.
                Ok(worker) => worker
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e)),
                Err(done_here) => done_here,
            })
            .collect()
    })
}

/// `f` on every item in place; from `at_least` items on, shared out over the cores. (A share
/// here cannot be taken back from a thread that failed to start, so that failure stops the
/// work, as any scoped thread's would.)
pub(crate) fn each_mut<T: Send>(items: &mut [T], at_least: usize, f: impl Fn(&mut T) + Sync) {
    let Some(share) = share(items.len(), at_least) else {
        items.iter_mut().for_each(f);
        return;
    };
    let f = &f;
    std::thread::scope(|scope| {
        for chunk in items.chunks_mut(share) {
            scope.spawn(move || chunk.iter_mut().for_each(f));
        }
    });
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
        let mut many: Vec<u32> = (0..1000).collect();
        super::each_mut(&mut many, 1, |i| *i += 1);
        assert_eq!(many, (1..=1000).collect::<Vec<_>>());
    }
}
