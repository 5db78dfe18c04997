export declare const ANSWER: string[];
export declare const FAIL_ONCE: string;
export declare function startCompanionModel(): Promise<string>;
