#!/usr/bin/env node
// Lists class members, and methods of src/'s interfaces, that nothing in src/ reaches. knip finds
// unused files and exports but not methods: a method kept alive only by its tests (or by nothing)
// is dead code all the same, and it drifts, because nobody reads it; an interface's method no call
// reaches makes every object that implements it carry code nothing runs. One pass of the type
// checker resolves every name used in src/; a member is live when a use resolves to it, or to the
// member it implements or overrides; a member's own name and an object literal's key giving it a
// value are not uses. What the package's entry (src/index.ts) hands out is for the library's users.
// A member kept only for tests says so and why with a `@testSeam` tag. Exits 1 naming each dead one.
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
      // A member's own name, and an object literal's key giving an interface's member a value, use nothing.
      const isDeclarationName =
        parent &&
        (ts.isMethodDeclaration(parent) ||
          ts.isPropertyDeclaration(parent) ||
          ts.isGetAccessor(parent) ||
          ts.isSetAccessor(parent) ||
          ts.isMethodSignature(parent) ||
          ts.isPropertySignature(parent) ||
          ts.isPropertyAssignment(parent)) &&
        parent.name === node;
      if (parent && ts.isShorthandPropertyAssignment(parent)) {
        const value = checker.getShorthandAssignmentValueSymbol(parent);
        if (value) markSymbol(value);
      } else if (!isDeclarationName) markUse(node);
    }
    // `const { name } = object` reaches the member `name` of the object's type.
    if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent) && !node.dotDotDotToken) {
      const key = node.propertyName ?? node.name;
      const member = ts.isIdentifier(key) ? checker.getTypeAtLocation(node.parent).getProperty(key.text) : undefined;
      if (member) markSymbol(member);
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

// What the package's entry exports, and every type of src/ its members take or give, is called
// by the library's users: its members are used.
const publicTypes = new Set();
const entry = program.getSourceFile(path.join(root, 'src', 'index.ts'));
const entrySymbol = entry && checker.getSymbolAtLocation(entry);
const walkType = (type) => {
  if (!type || publicTypes.has(type)) return;
  publicTypes.add(type);
  if (type.isUnionOrIntersection()) return type.types.forEach(walkType);
  if (type.objectFlags & ts.ObjectFlags.Reference) checker.getTypeArguments(type).forEach(walkType);
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (!symbol?.declarations?.some(inSrc)) return;
  for (const property of type.getProperties()) {
    markSymbol(property);
    walkType(checker.getTypeOfSymbol(property));
  }
  for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) {
    walkType(signature.getReturnType());
    for (const parameter of signature.getParameters()) walkType(checker.getTypeOfSymbol(parameter));
  }
};
for (let exported of entrySymbol ? checker.getExportsOfModule(entrySymbol) : []) {
  if (exported.flags & ts.SymbolFlags.Alias) exported = checker.getAliasedSymbol(exported);
  walkType(exported.flags & ts.SymbolFlags.Type ? checker.getDeclaredTypeOfSymbol(exported) : checker.getTypeOfSymbol(exported));
}

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

// A method an interface of src/ declares and no call reaches, through the interface or otherwise:
// every object that implements it carries code nothing runs. Interfaces that describe a library's
// shapes (one that extends a type from outside src/) are the library's to call.
const extendsOutside = (owner) =>
  (owner.heritageClauses ?? []).some((clause) =>
    clause.types.some((typeNode) =>
      checker
        .getTypeAtLocation(typeNode)
        .getSymbol()
        ?.declarations?.some((decl) => !inSrc(decl)),
    ),
  );
for (const file of sources) {
  const visit = (node) => {
    const declared = ts.isInterfaceDeclaration(node) || (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type));
    if (declared && !(ts.isInterfaceDeclaration(node) && extendsOutside(node))) {
      for (const member of ts.isInterfaceDeclaration(node) ? node.members : node.type.members) {
        const isMethod =
          ts.isMethodSignature(member) || (ts.isPropertySignature(member) && member.type && ts.isFunctionTypeNode(member.type));
        if (!isMethod || !member.name || used.has(member)) continue;
        // A member redeclaring (narrowing) one of an interface it extends is reached through that one.
        if (ts.isInterfaceDeclaration(node) && inheritedUses(node, member.name.getText(file))) continue;
        if (ts.getJSDocTags(member).some((tag) => tag.tagName.text === 'testSeam')) continue;
        const { line } = file.getLineAndCharacterOfPosition(member.name.getStart(file));
        dead.push(`${path.relative(root, file.fileName)}:${line + 1}  ${node.name.text}.${member.name.getText(file)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

if (dead.length > 0) {
  console.error(`Class and interface members nothing in src/ uses (${dead.length}): remove them, or use them.`);
  for (const line of dead) console.error(`  ${line}`);
  process.exit(1);
}
