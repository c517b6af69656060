//! Shared by the criterion benches: a measurement of the benchmark thread's
//! CPU time instead of wall time. The machines this project is developed on
//! are shared and noisy; CPU time leaves out the time the thread spends
//! descheduled, so ratios measured in one run stay meaningful under load.

use std::time::Duration;

use cpu_time::ThreadTime;
use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::Criterion;

/// Criterion measurement: CPU time of the calling thread.
pub struct ThreadCpuTime;

static WALL: WallTime = WallTime;

impl Measurement for ThreadCpuTime {
    type Intermediate = ThreadTime;
    type Value = Duration;
    fn start(&self) -> ThreadTime {
        ThreadTime::now()
    }
    fn end(&self, started: ThreadTime) -> Duration {
        started.elapsed()
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        // Values are nanoseconds, as for wall time.
        WALL.formatter()
    }
}

/// The configuration every bench of this crate uses.
pub fn config() -> Criterion<ThreadCpuTime> {
    Criterion::default()
        .with_measurement(ThreadCpuTime)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(1500))
        .sample_size(30)
}
