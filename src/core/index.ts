/** Pure maths of the essay: no React, no DOM, Float64Array throughout. */
export * from './memory';
export * from './stream';
export * from './trace';
export * from './groups';
export * from './reference';
export * from './chunked';
export * from './flops';
export * from './costInputs';
export * from './costModel';
export * from './measurements';
export * from './attention';
export * from './hybridMemory';
export * from './evidence';
export * from './modelConfig';
export * from './hybridShape';
export * from './jsonSyntax';
