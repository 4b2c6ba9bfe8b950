//! Whether the machine can hold a hash table of a given size. The table
//! fills its memory when it is made, and a failed allocation aborts the
//! process, so a size is asked about first: it must fit in the memory the
//! machine has available (on Linux, `MemAvailable` in `/proc/meminfo`; a
//! reservation alone would succeed on a system that overcommits), and the
//! allocator must grant it.

/// Whether `megabytes` more can be allocated now.
pub fn can_allocate(megabytes: usize) -> bool {
    let Some(bytes) = megabytes.checked_mul(1 << 20) else {
        return false;
    };
    if available_megabytes().is_some_and(|free| megabytes > free) {
        return false;
    }
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(bytes).is_ok()
}

/// The memory available for new allocations, where the system says.
fn available_megabytes() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_available(&info)
}

/// `MemAvailable:  123456 kB` in megabytes.
fn parse_available(meminfo: &str) -> Option<usize> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kilobytes: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes / 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_tables_fit_and_absurd_ones_do_not() {
        assert!(can_allocate(16));
        assert!(!can_allocate(usize::MAX));
        assert!(!can_allocate(1 << 45));
        assert_eq!(
            parse_available("MemTotal: 8000000 kB\nMemAvailable:    2048000 kB\n"),
            Some(2000)
        );
        assert_eq!(parse_available("MemTotal: 8000000 kB\n"), None);
    }
}
