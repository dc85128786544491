'use strict';
// GPUError and its subclasses, GPUPipelineError, GPUUncapturedErrorEvent,
// GPUDeviceLostInfo; and the helpers the addon calls to make them.
//
// bindery: GPUError extends Error, so an error thrown in strict mode carries
// a JavaScript stack and prints like any other exception. Every error also
// has `code`, the stable bindery ErrorCode name ("BufferUsageEmpty").

const kToken = Symbol('bindery.internal');

class GPUError extends Error {
  constructor(message) {
    if (new.target === GPUError) throw new TypeError('Illegal constructor');
    super(String(message));
  }
  get name() {
    return this.constructor.name;
  }
}
class GPUValidationError extends GPUError {
  constructor(message) {
    if (arguments.length < 1) throw new TypeError('GPUValidationError: 1 argument required.');
    super(message);
  }
}
class GPUOutOfMemoryError extends GPUError {
  constructor(message) {
    if (arguments.length < 1) throw new TypeError('GPUOutOfMemoryError: 1 argument required.');
    super(message);
  }
}
class GPUInternalError extends GPUError {
  constructor(message) {
    if (arguments.length < 1) throw new TypeError('GPUInternalError: 1 argument required.');
    super(message);
  }
}

const kPipelineErrorReasons = ['validation', 'internal'];
class GPUPipelineError extends DOMException {
  #reason;
  constructor(message = '', options) {
    if (options === undefined || options === null || options.reason === undefined) {
      throw new TypeError("GPUPipelineError: options.reason is required (member 'reason' of " +
        'GPUPipelineErrorInit), but it is missing');
    }
    const reason = String(options.reason);
    if (!kPipelineErrorReasons.includes(reason)) {
      throw new TypeError(`GPUPipelineError: options.reason is '${reason}', which is not a ` +
        "valid value of enum GPUPipelineErrorReason. Valid values: 'validation', 'internal'.");
    }
    super(message, 'GPUPipelineError');
    this.#reason = reason;
  }
  get reason() {
    return this.#reason;
  }
}

class GPUUncapturedErrorEvent extends Event {
  #error;
  constructor(type, eventInitDict) {
    if (arguments.length < 2) {
      throw new TypeError('GPUUncapturedErrorEvent: 2 arguments required.');
    }
    if (eventInitDict === null || typeof eventInitDict !== 'object' ||
        eventInitDict.error === undefined) {
      throw new TypeError("GPUUncapturedErrorEvent: eventInitDict.error is required (member " +
        "'error' of GPUUncapturedErrorEventInit), but it is missing");
    }
    if (!(eventInitDict.error instanceof GPUError)) {
      throw new TypeError('GPUUncapturedErrorEvent: eventInitDict.error is not a GPUError');
    }
    super(type, eventInitDict);
    this.#error = eventInitDict.error;
  }
  get error() {
    return this.#error;
  }
}

class GPUDeviceLostInfo {
  #reason;
  #message;
  constructor(token, reason, message) {
    if (token !== kToken) throw new TypeError('Illegal constructor');
    this.#reason = reason;
    this.#message = message;
  }
  get reason() {
    return this.#reason;
  }
  get message() {
    return this.#message;
  }
}

const kErrorClasses = {
  'validation': GPUValidationError,
  'out-of-memory': GPUOutOfMemoryError,
  'internal': GPUInternalError,
};

// Called by the addon: a GPUError for a C++ error. `withStack` (strict mode)
// keeps the JavaScript stack of the failing call; other errors are made
// later, where a stack would point nowhere useful.
function makeError(type, code, message, withStack) {
  const limit = Error.stackTraceLimit;
  if (!withStack) Error.stackTraceLimit = 0;
  let error;
  try {
    error = new kErrorClasses[type](message);
  } finally {
    Error.stackTraceLimit = limit;
  }
  if (withStack) Error.captureStackTrace(error, makeError);
  Object.defineProperty(error, 'code', { value: code, enumerable: true });
  return error;
}

for (const cls of [GPUError, GPUValidationError, GPUOutOfMemoryError, GPUInternalError,
  GPUPipelineError, GPUUncapturedErrorEvent, GPUDeviceLostInfo]) {
  Object.defineProperty(cls.prototype, Symbol.toStringTag, { value: cls.name });
}

module.exports = {
  kToken,
  makeError,
  GPUError,
  GPUValidationError,
  GPUOutOfMemoryError,
  GPUInternalError,
  GPUPipelineError,
  GPUUncapturedErrorEvent,
  GPUDeviceLostInfo,
};
