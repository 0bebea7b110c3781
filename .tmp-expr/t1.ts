import { exprCel } from "../packages/checks/src/predicates/expr-cel";
