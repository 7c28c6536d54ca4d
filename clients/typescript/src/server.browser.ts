// What a bundler gives a browser build for "@merchant-gateway/client/server": signing needs the salt key, and a salt
// key in a page is readable by anyone. Sign on the merchant server; import "@merchant-gateway/client" in the page.
throw new Error(
  '@merchant-gateway/client/server is for Node servers: it signs with the salt key, which must never reach a browser. ' +
    'Call your own server from the page; use "@merchant-gateway/client" there for types and operation facts.',
);
export {};
