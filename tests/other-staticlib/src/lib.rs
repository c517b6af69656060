//! Uses the heap, formatting and unwinding, so its archive holds the runtime
//! symbols that clash with an unlocalized Rust archive.

/// The decimal length of `x` squared, computed through a String; -1 if a
/// (deliberate, caught) panic is not caught.
#[no_mangle]
pub extern "C" fn other_rust_digits(x: u32) -> i32 {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {})); // the deliberate panic prints nothing
    let caught = std::panic::catch_unwind(|| {
        if x == 7 {
            panic!("seven");
        }
    });
    std::panic::set_hook(hook);
    if x == 7 && caught.is_ok() {
        return -1;
    }
    let v: Vec<String> = vec![format!("{}", u64::from(x) * u64::from(x))];
    v[0].len() as i32
}
