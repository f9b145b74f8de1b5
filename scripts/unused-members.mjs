#!/usr/bin/env node
// Lists class members that nothing in src/ reaches. knip finds unused files and exports but not
// methods: a method kept alive only by its tests (or by nothing) is dead code all the same, and it
// drifts, because nobody reads it. One pass of the type checker resolves every name used in src/;
// a member is live when a use resolves to it, or to the member it implements or overrides. A
// member kept only for tests says so and why with a `@testSeam` tag. Exits 1 naming each dead one.
import path from 'node:path';
import ts from 'typescript';

// The project to check: this one, or the folder given (the check's own test gives a small one).
const root = path.resolve(process.argv[2] ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..'));
const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
const checker = program.getTypeChecker();

const srcDir = path.join(root, 'src') + path.sep;
const sources = program.getSourceFiles().filter((f) => path.resolve(f.fileName).startsWith(srcDir));

// Members the runtime calls by name, never through a use in the code.
const CALLED_BY_RUNTIME = new Set(['toJSON', 'then', 'toString', 'name', 'message']);

// Uses are kept by declaration: a generic class's instantiation and a mapped type (`Pick<…>`)
// give other symbols, but they keep the declaration they were made from.
const used = new Set();
const markSymbol = (symbol) => {
  for (const root of [symbol, ...checker.getRootSymbols(symbol)]) for (const decl of root.declarations ?? []) used.add(decl);
};

const markUse = (node) => {
  let symbol = checker.getSymbolAtLocation(node);
  if (!symbol) return;
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  // A member of a generic class resolves to its instantiation; the root is the declared one.
  markSymbol(symbol);
};

for (const file of sources) {
  const visit = (node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      const parent = node.parent;
      const isDeclarationName =
        parent &&
        (ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent) || ts.isGetAccessor(parent) || ts.isSetAccessor(parent)) &&
        parent.name === node;
      if (!isDeclarationName) markUse(node);
    }
    // `object[key]` with a key typed as a union of names reaches each of them.
    if (ts.isElementAccessExpression(node)) {
      const keyType = checker.getTypeAtLocation(node.argumentExpression);
      const objectType = checker.getTypeAtLocation(node.expression);
      for (const part of keyType.isUnion() ? keyType.types : [keyType]) {
        if (!part.isStringLiteral()) continue;
        const member = objectType.getProperty(part.value);
        if (member) markSymbol(member);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

const inSrc = (decl) => path.resolve(decl.getSourceFile().fileName).startsWith(srcDir);

// A member implementing a library's interface is called by the library.
const inheritedUses = (classNode, name) =>
  (classNode.heritageClauses ?? []).some((clause) =>
    clause.types.some((typeNode) => {
      const member = checker.getTypeAtLocation(typeNode).getProperty(name);
      return member?.declarations?.some((decl) => used.has(decl) || !inSrc(decl)) === true;
    }),
  );

// A class handed to code that takes an interface of src/ by shape (no `implements`) is reached
// through that interface's members: a used member of an interface whose every member the class has.
const interfaceUses = (classNode, name) => {
  const classType = checker.getTypeAtLocation(classNode);
  const has = new Set(classType.getProperties().map((p) => p.name));
  for (const decl of used) {
    if (!(ts.isPropertySignature(decl) || ts.isMethodSignature(decl)) || decl.name?.getText() !== name) continue;
    const owner = decl.parent;
    if (!(ts.isInterfaceDeclaration(owner) || ts.isTypeLiteralNode(owner))) continue;
    if (owner.members.every((m) => m.name && has.has(m.name.getText()))) return true;
  }
  return false;
};

const dead = [];
for (const file of sources) {
  const visit = (node) => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      for (const member of node.members) {
        if (!member.name || ts.isConstructorDeclaration(member)) continue;
        if (!(ts.isMethodDeclaration(member) || ts.isPropertyDeclaration(member) || ts.isGetAccessor(member) || ts.isSetAccessor(member)))
          continue;
        const symbol = checker.getSymbolAtLocation(member.name);
        if (!symbol || CALLED_BY_RUNTIME.has(symbol.name) || ts.isComputedPropertyName(member.name)) continue;
        if (ts.getJSDocTags(member).some((tag) => tag.tagName.text === 'testSeam')) continue;
        if (used.has(member)) continue;
        // A member implementing an interface's, or overriding a base class's, is reached through it.
        if (inheritedUses(node, symbol.name) || interfaceUses(node, symbol.name)) continue;
        const { line } = file.getLineAndCharacterOfPosition(member.name.getStart(file));
        const owner = node.name?.text ?? '(class)';
        dead.push(`${path.relative(root, file.fileName)}:${line + 1}  ${owner}.${symbol.name}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

if (dead.length > 0) {
  console.error(`Class members nothing in src/ uses (${dead.length}): remove them, or use them.`);
  for (const line of dead) console.error(`  ${line}`);
  process.exit(1);
}
