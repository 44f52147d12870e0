//! Reading the files a user names (net files here, opening books in the
//! engine): only regular files, and only up to a size, so that a path such
//! as `/dev/zero`, a FIFO or a huge file answers an error instead of reading
//! forever or exhausting memory.

use std::io::{self, Read};
use std::path::Path;

/// Reads all of `path`, which must be a regular file of at most `max_bytes`.
pub fn read_regular(path: impl AsRef<Path>, max_bytes: u64) -> io::Result<Vec<u8>> {
    let path = path.as_ref();
    let file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "not a regular file"));
    }
    if meta.len() > max_bytes {
        return Err(too_large(max_bytes));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The size can change under us; never read past the limit.
    file.take(max_bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_large(max_bytes));
    }
    Ok(bytes)
}

fn too_large(max_bytes: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("larger than {} MiB", max_bytes >> 20),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_directories_and_big_files_are_refused() {
        assert!(read_regular("/dev/zero", 1 << 20).is_err());
        assert!(read_regular(std::env::temp_dir(), 1 << 20).is_err());
        let path = std::env::temp_dir().join(format!("daba-read-regular-{}", std::process::id()));
        std::fs::write(&path, vec![7u8; 3000]).unwrap();
        assert_eq!(read_regular(&path, 3000).unwrap().len(), 3000);
        let err = read_regular(&path, 2999).unwrap_err();
        assert!(err.to_string().contains("larger than"), "{err}");
        std::fs::remove_file(&path).unwrap();
    }
}
