// Test helpers of the plan suites. (A failure's code is asserted with testkit's expectCode.)

export const hex64 = (c: string) => c.repeat(64);
