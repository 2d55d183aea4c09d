// A rule citation that opens its section in the quick reference (the roll panel cites its rules with it).
export { default as RuleTerm } from './RuleTerm.vue';
