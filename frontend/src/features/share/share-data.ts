/** The id of the script element that carries the shared car's data from the server's HTML to the browser's hydration. */
export const SHARE_DATA_ID = 'share-data';
