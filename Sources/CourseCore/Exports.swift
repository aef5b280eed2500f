// The counters live in a module of their own (Sources/CourseCounters), so that
// chapter 12's benchmark can count with them without CourseCore; every step,
// test and `--stats` still reads them through `import CourseCore`.
@_exported import CourseCounters
