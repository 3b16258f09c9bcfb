// This file defines how long a test may run before jest calls it hung, by its folder: a minute
// for a unit test (jest.config.js), ten for the files that run the built bundle, the simulator, a
// browser or a child process, which a machine under load (a load average of 7 on 2 cores) makes
// several times slower. Speed is watched elsewhere: the slow-file report and `npm run bench`.
const WHOLE_SYSTEM = /[\\/]test[\\/](browser|integration|bundle|scripts|dev)[\\/]/;

if (WHOLE_SYSTEM.test(expect.getState().testPath ?? "")) jest.setTimeout(10 * 60 * 1000);
