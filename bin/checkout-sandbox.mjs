#!/usr/bin/env node
// The command-line entry: the compiled CLI (npm run build / prepare writes dist/).
import '../dist/main.js';
