// The README's TypeScript snippets compile, as a user's project would compile them: against the installed package and
// @types/node's request types (req.headers["x-verify"] is string | string[] | undefined, as in Express), with
// tsc --strict and the stricter flags this package's own build uses. A snippet with a type error must fail here.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

interface Diagnostic {
  file?: { fileName: string };
  messageText: string | { messageText: string };
}
interface TypeScript {
  createProgram(files: string[], options: Record<string, unknown>): unknown;
  getPreEmitDiagnostics(program: unknown): readonly Diagnostic[];
  ModuleKind: { NodeNext: number };
  ModuleResolutionKind: { NodeNext: number };
  ScriptTarget: { ES2022: number };
}

const require = createRequire(import.meta.url);
const packageJson = require.resolve("@merchant-gateway/client/package.json");
const packageDir = dirname(packageJson);
const ts = createRequire(packageJson)("typescript") as TypeScript;
const readme = readFileSync(join(packageDir, "README.md"), "utf8");
const snippets = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");

function compile(name: string, code: string): string[] {
  const dir = join(dirname(fileURLToPath(import.meta.url)), "..", "readme-snippets", name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), '{"type": "module"}\n');
  const file = join(dir, "snippet.ts");
  writeFileSync(file, code);
  const program = ts.createProgram([file], {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
    types: ["node"],
    typeRoots: [join(packageDir, "node_modules", "@types")],
  });
  return ts.getPreEmitDiagnostics(program).map(
    (d) => `${d.file?.fileName ?? ""}: ${typeof d.messageText === "string" ? d.messageText : d.messageText.messageText}`,
  );
}

describe("README snippets", () => {
  it("the README has TypeScript snippets, one with the callback handler on Node's request type", () => {
    assert.ok(snippets.length > 0);
    assert.ok(snippets.some((s) => s.includes('req.headers["x-verify"]')));
  });
  snippets.forEach((code, i) => {
    it(`snippet ${i + 1} compiles (tsc --strict, @types/node)`, () => {
      assert.deepEqual(compile(`snippet-${i + 1}`, code), []);
    });
  });
  it("a wrong snippet does not (the check can fail)", () => {
    const callbackSnippet = snippets.find((s) => s.includes('req.headers["x-verify"]')) ?? "";
    const wrong = callbackSnippet.replaceAll('req.headers["x-verify"]', "42"); // a number is no X-VERIFY header
    assert.notDeepEqual(compile("wrong", wrong), []);
  });
});
