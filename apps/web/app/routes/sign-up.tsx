/** /sign-up, like /signup, leads to /register. */
export { loader } from './signup';
