/** Fixtures for tests in other packages (the site's server and browser tests): people and places. */
export * from './test-users';
export { insertListing } from './test-marketplace';
