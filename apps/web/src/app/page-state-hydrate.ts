/** Reads the data a server-rendered page came with into the query client (loaded only by such pages). */
export { hydrate } from '@tanstack/react-query';
