// The report layer: pure functions from Report data to text. The CLI picks one and writes the result.
export { renderTerminal, type TerminalOptions } from './terminal.js';
export { renderBatchSummary, scoreHistogram, mostFailedTests, type BatchSummaryOptions } from './batch-summary.js';
export { renderJson, toOrderedReport } from './json.js';
export { renderJunit, type JunitOptions } from './junit.js';
export { toGradescope, validateGradescopeResults, type GradescopeOptions, type GradescopeResults, type GradescopeTest } from './gradescope.js';
export { renderAnnotations, renderStepSummary, classroomPointsLine, escapeData, escapeProperty, locationFromTrace, type GithubOptions } from './github.js';
export { renderGradesCsv, gradebookRows, csvCell, defuseFormula, type CsvOptions } from './csv.js';
export { renderHtml, renderHtmlIndex, htmlReportFiles, htmlFileNames, escapeHtml, type HtmlOptions, type HtmlIndexOptions } from './html.js';
